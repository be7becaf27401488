// (page.evaluate callbacks and init scripts run in the browser.)
// Email verification (issue 12): a member registered by email has no coins until the address is
// verified; the account page says 'Email not verified' with a resend button (limited to one a
// minute), the mailed link's /verify-email page confirms with the coins added, and explains a bad
// link with a way to get a new one.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, signedInStorage, type Member } from '../support/accounts.ts';
import { baseUrl } from '../support/base-url.ts';
import { launchBrowser, newPage, urlFor } from '../support/browser.ts';
import { verificationLinkFor, verificationMailCount } from '../support/mail-outbox.ts';
import { localItem, waitForTitle, waitHidden, waitVisible } from '../support/page-helpers.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function signedInPage(member: Member, mobile: boolean, path: string): Promise<Page> {
  const page = await newPage(browser, { consent: true, mobile, localStorage: signedInStorage(member.session) });
  await page.goto(urlFor(baseUrl(), path));
  return page;
}

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

describe.each([
  ['desktop', false],
  ['mobile', true],
])('email verification (%s)', (_label, mobile) => {
  it('account page: not verified, resend (once a minute); the link verifies and adds the coins once', async () => {
    const member = await registerMember('verify', baseUrl(), { verify: false });
    expect(member.session).toMatchObject({ cur_tokens: 0, email_verified: false });
    const page = await signedInPage(member, mobile, '/account');
    await waitForTitle(page, 'Manage Account');

    const card = page.getByTestId('email-verification');
    await waitVisible(card);
    expect(await card.textContent()).toContain('Email not verified');
    expect(await page.getByTestId('email-verification-text').textContent()).toContain(member.email);
    expect(verificationMailCount(member.email)).toBe(1);

    await card.getByRole('button', { name: 'Resend verification email' }).click();
    await waitVisible(toast(page, `We sent a new verification link to ${member.email}.`));
    expect(verificationMailCount(member.email)).toBe(2);
    await card.getByRole('button', { name: 'Resend verification email' }).click();
    await waitVisible(toast(page, 'Please wait a minute before asking again.'));
    expect(verificationMailCount(member.email)).toBe(2);

    // The link from the mail, opened in the same browser.
    const { url } = await verificationLinkFor(member.email);
    await page.goto(url);
    await waitForTitle(page, 'Email verification');
    const message = page.getByTestId('verify-email-message');
    await waitVisible(message.filter({ hasText: 'Email verified. 500 coins added.' }));
    // The stored session (side panel, balance chip) has the coins at once.
    expect(JSON.parse((await localItem(page, 'user')) ?? '{}')).toMatchObject({
      cur_tokens: 500,
      email_verified: true,
    });
    if (!mobile) await waitVisible(page.locator('[data-testid="balance-chip"][aria-label="Coin balance 500"]'));

    // Opening it again adds nothing, and the account page no longer asks.
    await page.goto(url);
    await waitVisible(page.getByTestId('verify-email-message').filter({ hasText: 'Your email is already verified.' }));
    await page.goto(urlFor(baseUrl(), '/account'));
    await waitVisible(page.getByTestId('account-email').filter({ hasText: member.email }));
    await waitHidden(page.getByTestId('email-verification'));
    expect(await page.getByTestId('account-section').count()).toBe(1);
    expect(JSON.parse((await localItem(page, 'user')) ?? '{}')).toMatchObject({ cur_tokens: 500 });
    await page.context().close();
  });

  it('a link that is not valid (or expired) explains itself and offers a new one', async () => {
    const member = await registerMember('badlink', baseUrl(), { verify: false });
    const signedIn = await signedInPage(member, mobile, `/verify-email?token=${'x'.repeat(43)}`);
    await waitVisible(
      signedIn.getByTestId('verify-email-message').filter({ hasText: 'This verification link is not valid.' }),
    );
    await signedIn.getByRole('button', { name: 'Resend verification email' }).click();
    await waitVisible(toast(signedIn, `We sent a new verification link to ${member.email}.`));
    await signedIn.context().close();

    // Signed out: a Log In button instead.
    const guest = await newPage(browser, { consent: true, mobile });
    await guest.goto(urlFor(baseUrl(), `/verify-email?token=${'y'.repeat(43)}`));
    await waitVisible(
      guest.getByTestId('verify-email-message').filter({ hasText: 'This verification link is not valid.' }),
    );
    await guest.getByRole('button', { name: 'Log in to get a new link.' }).click();
    await waitVisible(guest.getByRole('dialog', { name: 'Welcome Back' }));
    await guest.context().close();
  });
});
