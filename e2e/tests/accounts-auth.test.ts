// (page.evaluate callbacks and init scripts run in the browser.)
// Email and password sign-in (spec sections 2, 4, 5 and 8) at desktop and mobile sizes: register,
// log out, log in again; the server's answers (nopwd, unregistered, refused registration) and the
// form's own checks, each shown in the modal's error area.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerMember, uniqueEmail, uniqueNickname } from '../support/accounts.ts';
import {
  fillLogin,
  fillRegister,
  loginDialog,
  loginError,
  openLoginModal,
  submitLogin,
  submitRegister,
  switchToRegister,
  waitForLoginError,
} from '../support/auth-ui.ts';
import { baseUrl } from '../support/base-url.ts';
import { launchBrowser, newPage, urlFor } from '../support/browser.ts';
import { localItem, waitForPath, waitForTitle, waitHidden, waitVisible } from '../support/page-helpers.ts';
import { saveScreenshot } from '../support/screenshots.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function freshPage(mobile: boolean, path = '/'): Promise<Page> {
  const page = await newPage(browser, { consent: true, mobile });
  await page.goto(urlFor(baseUrl(), path));
  await waitVisible(page.getByTestId(mobile ? 'bottom-bar' : 'side-panel'));
  return page;
}

describe.each([
  ['desktop', false],
  ['mobile', true],
])('email sign-in (%s)', (_label, mobile) => {
  it('register -> logout -> login', async () => {
    const page = await freshPage(mobile, '/support');
    const email = uniqueEmail('reg');
    const nickname = uniqueNickname('Reg');

    await openLoginModal(page, mobile);
    await switchToRegister(page);
    const dialog = loginDialog(page);
    expect(await dialog.getByLabel('Nickname').isVisible()).toBe(true);
    expect(await dialog.getByLabel('Confirm', { exact: true }).isVisible()).toBe(true);
    expect(await dialog.getByRole('checkbox').isChecked()).toBe(false);
    expect(await dialog.textContent()).toContain(
      'I confirm I am 18 years of age or older and agree to the Terms of Use and Privacy Policy',
    );

    await fillRegister(page, { email, nickname, password: PASSWORD });
    await submitRegister(page);
    await waitHidden(dialog);

    // The session is stored, and the app shows it.
    expect(await localItem(page, 'token')).toBeTruthy();
    expect(JSON.parse((await localItem(page, 'user')) ?? '{}')).toMatchObject({ email, nicname: nickname });
    if (mobile) {
      await waitVisible(page.getByTestId('bottom-bar').getByRole('button', { name: 'Logout' }));
    } else {
      await waitVisible(page.getByTestId('nickname-button').filter({ hasText: nickname }));
    }

    // Log out.
    if (mobile) await page.getByTestId('bottom-bar').getByRole('button', { name: 'Logout' }).click();
    else await page.getByTestId('nickname-button').click();
    const logout = page.getByRole('dialog', { name: 'Log out' });
    await logout.getByRole('button', { name: 'Log out' }).click();
    await waitForPath(page, '/home');
    expect(await localItem(page, 'token')).toBeNull();
    expect(await localItem(page, 'user')).toBeNull();

    // Log in again: the modal opens fresh in login mode.
    await openLoginModal(page, mobile);
    expect(await loginDialog(page).getByLabel('Email').inputValue()).toBe('');
    expect(await loginDialog(page).getByLabel('Nickname').count()).toBe(0);
    await fillLogin(page, email, PASSWORD);
    await submitLogin(page);
    await waitHidden(loginDialog(page));
    expect(JSON.parse((await localItem(page, 'user')) ?? '{}')).toMatchObject({ email, nicname: nickname });
    if (!mobile) await waitVisible(page.getByTestId('nickname-button').filter({ hasText: nickname }));
    await page.context().close();
  });

  it('a wrong password shows the server message', async () => {
    const member = await registerMember('nopwd');
    const page = await freshPage(mobile);
    await openLoginModal(page, mobile);
    await fillLogin(page, member.email, 'Wrong!pass1');
    await submitLogin(page);
    await waitForLoginError(page, 'The password is incorrect.');
    expect(await page.getByRole('dialog', { name: 'Welcome Back' }).isVisible()).toBe(true);
    expect(await localItem(page, 'token')).toBeNull();
    await page.context().close();
  });

  it('an unregistered email switches to register mode, keeping the email', async () => {
    const page = await freshPage(mobile);
    const email = uniqueEmail('unreg');
    await openLoginModal(page, mobile);
    await fillLogin(page, email, PASSWORD);
    await submitLogin(page);
    await waitVisible(page.getByRole('dialog', { name: 'Create Account' }));
    await waitForLoginError(page, 'This is an unregistered email. Please proceed with the membership registration.');
    expect(await loginDialog(page).getByLabel('Email').inputValue()).toBe(email);
    expect(await loginDialog(page).getByLabel('Nickname').isVisible()).toBe(true);
    await page.context().close();
  });
});

describe('the form', () => {
  let page: Page;

  beforeAll(async () => {
    page = await freshPage(false);
  });

  afterAll(async () => {
    await page.context().close();
  });

  it('shows the title, the toggle, the OR divider, Google and the legal links', async () => {
    await openLoginModal(page);
    // The modal's name follows its mode, so hold it by its test id.
    const dialog = loginDialog(page);
    expect(await dialog.getByRole('button', { name: "Don't have an account? Sign up" }).isVisible()).toBe(true);
    expect(await dialog.getByRole('separator', { name: 'OR' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Continue with Google' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe('/terms?tab=terms');
    expect(await dialog.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/terms?tab=privacy');

    await switchToRegister(page);
    expect(await dialog.getByRole('button', { name: 'Already have an account? Log in' }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Already have an account? Log in' }).click();
    await waitVisible(page.getByRole('dialog', { name: 'Welcome Back' }));
  });

  it.each([
    ['an invalid email', 'not-an-email', PASSWORD, 'Please enter a valid email address.'],
    ['an email with a space', 'a b@example.com', PASSWORD, 'Please enter a valid email address.'],
    [
      'a short password',
      'someone@example.com',
      'ab!1',
      'Password must be at least 7 digits and contain special characters.',
    ],
    [
      'a password without a special character',
      'someone@example.com',
      'abcdefgh1',
      'Password must be at least 7 digits and contain special characters.',
    ],
  ])('login: %s', async (_label, email, password, message) => {
    await fillLogin(page, email, password);
    await submitLogin(page);
    await waitForLoginError(page, message);
    expect((await loginError(page).textContent())?.trim()).toBe(message);
  });

  it('register: all fields, matching passwords and the 18+ box', async () => {
    await switchToRegister(page);
    const email = uniqueEmail('form');
    await fillRegister(page, { email, nickname: '', password: PASSWORD });
    await submitRegister(page);
    await waitForLoginError(page, 'Please enter all fields.');

    await fillRegister(page, { email, nickname: uniqueNickname('Form'), password: PASSWORD, confirm: 'Other!pass1' });
    await submitRegister(page);
    await waitForLoginError(page, 'Password does not match.');

    await fillRegister(page, { email, nickname: uniqueNickname('Form'), password: PASSWORD, adult: false });
    await submitRegister(page);
    await waitForLoginError(page, 'Please confirm that you are 18 or older.');
    expect(await localItem(page, 'token')).toBeNull();
  });

  it("register: the server's password rule and refusals are shown as the server says them", async () => {
    const email = uniqueEmail('weak');
    await fillRegister(page, { email, nickname: uniqueNickname('Weak'), password: 'weakpass' });
    await submitRegister(page);
    await waitVisible(loginError(page));
    expect(await loginError(page).textContent()).toContain('member_pwd must be at least 7 characters');

    const taken = await registerMember('taken');
    await fillRegister(page, { email: taken.email, nickname: uniqueNickname('Taken'), password: PASSWORD });
    await submitRegister(page);
    await waitForLoginError(page, 'This email is already registered.');
  });

  it('fields and error reset whenever the modal opens', async () => {
    await page.keyboard.press('Escape');
    await waitHidden(loginDialog(page));
    const dialog = await openLoginModal(page);
    expect(await dialog.getByLabel('Email').inputValue()).toBe('');
    expect(await dialog.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    expect(await loginError(page).count()).toBe(0);
    expect(await dialog.getByLabel('Nickname').count()).toBe(0);
  });

  it('logging in from /account shows the account at once', async () => {
    const member = await registerMember('acct');
    await page.keyboard.press('Escape');
    await page.goto(urlFor(baseUrl(), '/account'));
    await waitForTitle(page, 'Manage Account');
    // The login modal opens on arrival.
    await waitVisible(page.getByRole('dialog', { name: 'Welcome Back' }));
    await fillLogin(page, member.email, member.password);
    await submitLogin(page);
    await waitHidden(loginDialog(page));
    await waitVisible(page.getByTestId('account-nickname').filter({ hasText: member.nickname }));
  });
});

// Issue 14: the register modal is the tallest; at 1280x800 its legal line was cut off (the modal
// scrolled). At 800 px high it must fit whole; lower, down to 600 px, the fields scroll inside the modal
// while the title and the actions (Sign Up, Continue with Google) stay in view, and every control can
// be scrolled to and takes a click where it shows.
describe('register modal fits the window', () => {
  async function isReachable(control: Locator, height: number): Promise<boolean> {
    return control.evaluate((element, innerHeight) => {
      const rect = element.getBoundingClientRect();
      if (rect.top < 0 || rect.bottom > innerHeight) return false;
      // What a click at its centre hits: the control itself (or its label), not something on top.
      const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      return (
        top !== null && (element === top || element.contains(top) || (top as HTMLLabelElement).control === element)
      );
    }, height);
  }

  it.each([
    [1280, 800, true],
    [390, 844, true],
    [1280, 600, false],
  ])('%ix%i: every control can be reached and clicked (fits whole: %s)', async (width, height, fitsWhole) => {
    const mobile = width < 768;
    const page = await freshPage(mobile);
    await page.setViewportSize({ width, height });
    await openLoginModal(page, mobile);
    await switchToRegister(page);
    const dialog = loginDialog(page);
    // Let the open animation settle before measuring.
    await page.waitForTimeout(300);
    await saveScreenshot(page, `register-modal-${width}x${height}`);

    const box = (await dialog.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(height);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);

    const controls = await dialog.locator('input, button, a').all();
    const nameOf = async (control: Locator) =>
      (await control.getAttribute('aria-label')) ??
      ((await control.textContent())?.trim() || (await control.getAttribute('name'))) ??
      '?';
    const names = await Promise.all(controls.map(nameOf));
    for (const wanted of ['Continue with Google', 'Sign Up', 'Terms of Use', 'Privacy Policy', 'Close']) {
      expect(
        names.some((name) => name.includes(wanted)),
        wanted,
      ).toBe(true);
    }
    const legal = dialog.getByText('By continuing with Google', { exact: false });

    if (fitsWhole) {
      // Nothing to scroll: every control and the legal line show at once.
      const overflowing = await dialog.evaluate(
        (root) =>
          [root, ...Array.from(root.querySelectorAll('*'))].filter(
            (el) => el.scrollHeight > el.clientHeight + 1 && getComputedStyle(el).overflowY !== 'visible',
          ).length,
      );
      expect(overflowing).toBe(0);
      for (const [index, control] of controls.entries()) {
        expect(await isReachable(control, height), names[index]).toBe(true);
      }
      const line = (await legal.boundingBox())!;
      expect(line.y + line.height).toBeLessThanOrEqual(box.y + box.height);
    } else {
      // The title, close button and the actions show without scrolling.
      expect(await dialog.getByRole('heading', { name: 'Create Account' }).isVisible()).toBe(true);
      for (const name of ['Close', 'Sign Up', 'Continue with Google']) {
        const action = dialog.getByRole('button', { name, exact: true });
        expect(await isReachable(action, height), name).toBe(true);
      }
    }
    // Scrolled to, each control shows wholly in the window and nothing covers it.
    for (const [index, control] of controls.entries()) {
      await control.scrollIntoViewIfNeeded();
      expect(await isReachable(control, height), names[index]).toBe(true);
    }
    const line = (await legal.boundingBox())!;
    expect(line.y + line.height).toBeLessThanOrEqual(box.y + box.height);

    // And a real click works: the checkbox ticks.
    const adult = dialog.getByRole('checkbox');
    await adult.scrollIntoViewIfNeeded();
    await adult.click();
    expect(await adult.isChecked()).toBe(true);
    await page.context().close();
  });
});
