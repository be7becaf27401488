// (page.evaluate callbacks and init scripts run in the browser.)
// Manage Account (spec sections 2, 4 and 8): the logged-out prompt, the member's details fresh from
// the server, the nickname edit (also shown in the side panel), and account deletion behind four
// acknowledgements, after which logging in or registering with the email says the account was deleted
// and from which date the email can be used again (DELETED_EMAIL_HOLD_DAYS, 30 by default).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerMember, signedInStorage, uniqueNickname, type Member } from '../support/accounts.ts';
import {
  fillLogin,
  fillRegister,
  loginDialog,
  openLoginModal,
  submitLogin,
  submitRegister,
  switchToRegister,
  waitForLoginError,
} from '../support/auth-ui.ts';
import { baseUrl } from '../support/base-url.ts';
import { launchBrowser, newPage, urlFor } from '../support/browser.ts';
import { localItem, waitForPath, waitForTitle, waitHidden, waitVisible } from '../support/page-helpers.ts';
import { expectAlertUntilDismissed, expectStatus } from '../support/toasts.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function signedInPage(member: Member, mobile = false, path = '/account'): Promise<Page> {
  const page = await newPage(browser, { consent: true, mobile, localStorage: signedInStorage(member.session) });
  await page.goto(urlFor(baseUrl(), path));
  return page;
}

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

describe.each([
  ['desktop', false],
  ['mobile', true],
])('account page (%s)', (_label, mobile) => {
  it('logged out: a prompt and a Log In button, and the login modal opens on arrival', async () => {
    const page = await newPage(browser, { consent: true, mobile });
    await page.goto(urlFor(baseUrl(), '/account'));
    await waitForTitle(page, 'Manage Account');
    const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
    await waitVisible(dialog);
    await page.keyboard.press('Escape');
    await waitHidden(dialog);

    const prompt = page.getByTestId('login-prompt');
    expect(await prompt.textContent()).toContain('Please log in to manage your account.');
    await prompt.getByRole('button', { name: 'Log In' }).click();
    await waitVisible(dialog);
    await page.context().close();
  });

  it('logged in: account, membership and delete sections', async () => {
    const member = await registerMember('view');
    const page = await signedInPage(member, mobile);
    await waitForTitle(page, 'Manage Account');
    await waitVisible(page.getByTestId('account-nickname').filter({ hasText: member.nickname }));
    expect(await page.getByTestId('account-email').textContent()).toBe(member.email);
    expect(await page.getByTestId('membership-tier').textContent()).toBe('Free');
    expect(await page.getByTestId('membership-balance').textContent()).toBe(`${member.session.cur_tokens} Coins`);
    expect(await page.getByTestId('membership-expiry').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete Account' }).isVisible()).toBe(true);
    await page.context().close();
  });
});

describe('nickname', () => {
  it('Edit -> Save changes the nickname, shows a toast and the side panel follows', async () => {
    const member = await registerMember('nick');
    const page = await signedInPage(member);
    await waitVisible(page.getByTestId('account-nickname').filter({ hasText: member.nickname }));
    await waitVisible(page.getByTestId('nickname-button').filter({ hasText: member.nickname }));

    const section = page.getByTestId('account-section');
    await section.getByRole('button', { name: 'Edit' }).click();
    const input = section.getByRole('textbox', { name: 'Nickname' });
    expect(await input.inputValue()).toBe(member.nickname);
    const next = uniqueNickname('Renamed');
    await input.fill(next);
    await section.getByRole('button', { name: 'Save' }).click();

    await waitVisible(toast(page, 'Your nickname has been updated.'));
    expect(await toast(page, 'Your nickname has been updated.').getAttribute('data-variant')).toBe('success');
    await expectStatus(toast(page, 'Your nickname has been updated.'));
    await waitVisible(page.getByTestId('account-nickname').filter({ hasText: next }));
    await waitVisible(page.getByTestId('nickname-button').filter({ hasText: next }));
    expect(JSON.parse((await localItem(page, 'user')) ?? '{}')).toMatchObject({ nicname: next });

    // Still there after a reload: the server has it.
    await page.reload();
    await waitVisible(page.getByTestId('account-nickname').filter({ hasText: next }));
    await page.context().close();
  });

  it("a refused nickname shows the server's message as a red toast and stays in edit mode", async () => {
    const other = await registerMember('other');
    const member = await registerMember('clash');
    const page = await signedInPage(member);
    const section = page.getByTestId('account-section');
    await section.getByRole('button', { name: 'Edit' }).click();
    await section.getByRole('textbox', { name: 'Nickname' }).fill(other.nickname);
    await section.getByRole('textbox', { name: 'Nickname' }).press('Enter');
    const refused = toast(page, 'This nickname is already taken.');
    await waitVisible(refused);
    expect(await refused.getAttribute('data-variant')).toBe('error');
    expect(await section.getByRole('textbox', { name: 'Nickname' }).inputValue()).toBe(other.nickname);
    await expectAlertUntilDismissed(page, refused);

    // Cancel goes back to the saved nickname.
    await section.getByRole('button', { name: 'Cancel' }).click();
    await waitVisible(page.getByTestId('account-nickname').filter({ hasText: member.nickname }));
    await page.context().close();
  });
});

describe.each([
  ['desktop', false],
  ['mobile', true],
])('delete account (%s)', (_label, mobile) => {
  it('four boxes gate Delete; afterwards logged out at /home and the email is done', async () => {
    const member = await registerMember('bye');
    const page = await signedInPage(member, mobile);
    await waitVisible(page.getByTestId('account-nickname').filter({ hasText: member.nickname }));

    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByTestId('delete-account-dialog');
    await waitVisible(dialog);
    const boxes = dialog.getByRole('checkbox');
    expect(await boxes.count()).toBe(4);
    const text = await dialog.textContent();
    for (const line of [
      'I understand that my account will be permanently deleted.',
      'I understand that all my remaining coins will be lost and cannot be refunded.',
      'I understand that I will no longer be able to log in to this account.',
      'I understand that this email address cannot be used to register again.',
    ]) {
      expect(text).toContain(line);
    }
    const deleteButton = dialog.getByRole('button', { name: 'Delete', exact: true });
    for (let i = 0; i < 4; i += 1) {
      expect(await deleteButton.isDisabled()).toBe(true);
      await boxes.nth(i).check();
    }
    expect(await deleteButton.isEnabled()).toBe(true);

    // Closing and reopening clears every box.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await waitHidden(dialog);
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await waitVisible(dialog);
    for (let i = 0; i < 4; i += 1) expect(await boxes.nth(i).isChecked()).toBe(false);
    expect(await deleteButton.isDisabled()).toBe(true);

    for (let i = 0; i < 4; i += 1) await boxes.nth(i).check();
    const deletedAt = new Date();
    await deleteButton.click();
    await waitForPath(page, '/home');
    await waitForTitle(page, 'Explore');
    expect(await localItem(page, 'token')).toBeNull();
    expect(await localItem(page, 'user')).toBeNull();
    await waitVisible(page.getByTestId(mobile ? 'bottom-bar' : 'side-panel').getByRole('button', { name: 'Login' }));

    // Logging in with that email says the account was deleted and when the email can be used again;
    // the modal stays on Log In (no switch to a registration that would be refused).
    const day = (date: Date) =>
      new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
        date,
      );
    const expected =
      `The account with this email was deleted on ${day(deletedAt)}. ` +
      `This email can be used to register again from ${day(new Date(deletedAt.getTime() + 30 * 86_400_000))}.`;
    await openLoginModal(page, mobile);
    await fillLogin(page, member.email, member.password);
    await submitLogin(page);
    await waitForLoginError(page, expected);
    await waitVisible(page.getByRole('dialog', { name: 'Welcome Back' }));

    // Registering it says the same.
    await switchToRegister(page);
    await fillRegister(page, { email: member.email, nickname: uniqueNickname('Again'), password: PASSWORD });
    await submitRegister(page);
    await waitForLoginError(page, expected);
    expect(await loginDialog(page).isVisible()).toBe(true);
    expect(await localItem(page, 'token')).toBeNull();
    await page.context().close();
  });
});

describe('delete account failure', () => {
  it('a failed deletion says so in an alert that stays until dismissed, and the member stays signed in', async () => {
    const member = await registerMember('keep');
    const page = await signedInPage(member, false);
    await waitVisible(page.getByTestId('account-nickname').filter({ hasText: member.nickname }));
    await page.route('**/api/members/delete', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByTestId('delete-account-dialog');
    await waitVisible(dialog);
    const boxes = dialog.getByRole('checkbox');
    for (let i = 0; i < 4; i += 1) await boxes.nth(i).check();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    const failed = toast(page, 'An error occurred while deleting your account');
    await waitVisible(failed);
    expect(await failed.getAttribute('data-variant')).toBe('error');
    await expectAlertUntilDismissed(page, failed);
    expect(await localItem(page, 'token')).not.toBeNull();
    await page.context().close();
  });
});
