// (page.evaluate callbacks and init scripts run in the browser.)
// Password reset by email: 'Forgot password?' in the login modal, the mail in the stack's .eml outbox,
// the /reset-password page (errors shown, success signs in), old sessions ended, the link single-use.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForOutboxMail } from '../../apps/api/test/support/mail-outbox.ts';
import { registerMember } from '../support/accounts.ts';
import { fillLogin, loginDialog, openLoginModal, submitLogin } from '../support/auth-ui.ts';
import { baseUrl } from '../support/base-url.ts';
import { launchBrowser, newPage, urlFor } from '../support/browser.ts';
import { localItem, waitForPath, waitHidden, waitVisible } from '../support/page-helpers.ts';

const NEW_PASSWORD = 'Fresh!Pass42';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function freshPage(path = '/'): Promise<Page> {
  const page = await newPage(browser, { consent: true });
  await page.goto(urlFor(baseUrl(), path));
  await waitVisible(page.getByTestId('side-panel'));
  return page;
}

const memberStatus = async (token: string) =>
  (await fetch(new URL('/api/members', baseUrl()), { headers: { authorization: `Bearer ${token}` } })).status;

describe('password reset', () => {
  it('forgot password -> mailed link -> new password -> signed in; the old session and link are dead', async () => {
    const member = await registerMember('reset');
    expect(await memberStatus(member.session.token)).toBe(200);

    const page = await freshPage();
    await openLoginModal(page);
    await loginDialog(page).getByLabel('Email').fill(member.email);
    await loginDialog(page).getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await waitVisible(dialog);
    // The email typed in the login form carries over.
    expect(await dialog.getByLabel('Email').inputValue()).toBe(member.email);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await waitVisible(dialog.getByTestId('forgot-password-sent'));
    expect(await dialog.getByTestId('forgot-password-sent').textContent()).toBe(
      'If an account exists for that email, we sent a link to reset its password.',
    );

    const mail = await waitForOutboxMail(member.email, (m) => m.subject === 'Reset your Velvet password');
    const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
    expect(link, 'the mail carries the reset link').toBeTruthy();
    expect(new URL(link!).origin).toBe(new URL(baseUrl()).origin);

    // The page: a mismatch is shown, then the new password signs the member in.
    const reset = await newPage(browser, { consent: true });
    await reset.goto(link!);
    const form = reset.getByTestId('reset-password-form');
    await waitVisible(form);
    await form.getByLabel('New password').fill(NEW_PASSWORD);
    await form.getByLabel('Confirm', { exact: true }).fill(`${NEW_PASSWORD}x`);
    await form.getByRole('button', { name: 'Set new password' }).click();
    await waitVisible(form.getByRole('alert').filter({ hasText: 'Password does not match.' }));
    await form.getByLabel('Confirm', { exact: true }).fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Set new password' }).click();
    await waitForPath(reset, '/');
    await waitVisible(reset.getByTestId('nickname-button').filter({ hasText: member.nickname }));
    const token = await localItem(reset, 'token');
    expect(token).toBeTruthy();
    expect(await memberStatus(token!)).toBe(200);

    // Every earlier session is over.
    expect(await memberStatus(member.session.token)).toBe(401);

    // The link works once.
    const again = await newPage(browser, { consent: true });
    await again.goto(link!);
    const form2 = again.getByTestId('reset-password-form');
    await waitVisible(form2);
    await form2.getByLabel('New password').fill('Other!Pass77');
    await form2.getByLabel('Confirm', { exact: true }).fill('Other!Pass77');
    await form2.getByRole('button', { name: 'Set new password' }).click();
    await waitVisible(form2.getByRole('alert').filter({ hasText: 'invalid, used or expired' }));

    // The new password signs in from the login modal.
    const login = await freshPage();
    await openLoginModal(login);
    await fillLogin(login, member.email, NEW_PASSWORD);
    await submitLogin(login);
    await waitHidden(loginDialog(login));
    expect(await localItem(login, 'token')).toBeTruthy();
  });

  it('a page opened without a token says where to get a link', async () => {
    const page = await freshPage('/reset-password');
    const form = page.getByTestId('reset-password-form');
    await waitVisible(form);
    await waitVisible(form.getByRole('alert').filter({ hasText: 'needs the link from the password reset email' }));
    expect(await form.getByRole('button', { name: 'Set new password' }).isDisabled()).toBe(true);
  });
});
