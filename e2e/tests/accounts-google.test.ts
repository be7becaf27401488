// (page.evaluate callbacks and init scripts run in the browser.)
// Google sign-in end to end (spec sections 2, 4, 5 and 8) against the local Google stand-in: the
// button sends the browser to the authorization endpoint, which returns to the social sign-in screen
// with an id token; the server verifies it and the member lands back on the page they started from.
// Also: a cancelled sign-in, and return URLs with a missing, undecodable or tampered token.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setNextGoogleLogin, signGoogleIdToken, uniqueEmail, uniqueNickname } from '../support/accounts.ts';
import { openLoginModal } from '../support/auth-ui.ts';
import { baseUrl } from '../support/base-url.ts';
import { launchBrowser, newPage, pathnameOf, urlFor } from '../support/browser.ts';
import { localItem, waitForPath, waitForTitle, waitVisible } from '../support/page-helpers.ts';

const CALLBACK = '/login/oauth2/code/google';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const sessionItem = (page: Page, key: string) => page.evaluate((k) => sessionStorage.getItem(k), key);

async function clickContinueWithGoogle(page: Page, mobile: boolean): Promise<void> {
  const dialog = await openLoginModal(page, mobile);
  await dialog.getByRole('button', { name: 'Continue with Google' }).click();
}

describe.each([
  ['desktop', false],
  ['mobile', true],
])('Google sign-in (%s)', (_label, mobile) => {
  it('Continue with Google -> Google -> return screen -> back where the member started, signed in', async () => {
    const email = uniqueEmail('google');
    const name = uniqueNickname('Gee');
    const picture = urlFor(baseUrl(), '/favicon.svg');
    await setNextGoogleLogin({ email, name, picture });

    const page = await newPage(browser, { consent: true, mobile });
    const authorizationRequests: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/o/oauth2/v2/auth') authorizationRequests.push(url);
    });
    // Hold the server call a moment so the in-progress state can be seen.
    await page.route('**/api/auth/social-login', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });

    await page.goto(urlFor(baseUrl(), '/support?from=e2e'));
    await waitForTitle(page, 'Customer Support');
    await clickContinueWithGoogle(page, mobile);

    await waitForPath(page, CALLBACK);
    expect(authorizationRequests).toHaveLength(1);
    const request = authorizationRequests[0]!;
    expect(request.searchParams.get('response_type')).toBe('id_token');
    expect(request.searchParams.get('scope')).toBe('openid email profile');
    expect(request.searchParams.get('prompt')).toBe('select_account');
    expect(request.searchParams.get('redirect_uri')).toBe(urlFor(baseUrl(), CALLBACK));
    expect(request.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(request.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await waitForTitle(page, 'Authentication in progress...');
    await waitForTitle(page, 'Your login was successful.');
    // The nonce and state are used up; the stored return target is consumed when leaving.
    expect(await sessionItem(page, 'google_oauth_nonce')).toBeNull();
    expect(await sessionItem(page, 'google_oauth_state')).toBeNull();

    await waitForPath(page, '/support');
    expect(new URL(page.url()).search).toBe('?from=e2e');
    await waitForTitle(page, 'Customer Support');
    expect(await sessionItem(page, 'login_redirect')).toBeNull();
    expect(JSON.parse((await localItem(page, 'user')) ?? '{}')).toMatchObject({ email, nicname: name, picture });
    expect(await localItem(page, 'token')).toBeTruthy();
    if (mobile) {
      await waitVisible(page.getByTestId('bottom-bar').getByRole('button', { name: 'Logout' }));
    } else {
      await waitVisible(page.getByTestId('nickname-button').filter({ hasText: name }));
      expect(await page.getByTestId('nickname-button').locator('img').getAttribute('src')).toBe(picture);
    }

    // The return screen replaced itself in the history: Back does not land on it again.
    await page.goBack();
    await page.waitForTimeout(300);
    expect(pathnameOf(page)).not.toBe(CALLBACK);
    await page.context().close();
  });

  it('a cancelled sign-in says so, then goes home after 2 s', async () => {
    await setNextGoogleLogin({ error: 'access_denied' });
    const page = await newPage(browser, { consent: true, mobile });
    await page.goto(urlFor(baseUrl(), '/terms'));
    await waitForTitle(page, 'Terms and Policies');
    await clickContinueWithGoogle(page, mobile);

    await waitForPath(page, CALLBACK);
    await waitForTitle(page, 'Login was cancelled.');
    const shownAt = Date.now();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1500);
    await waitForTitle(page, 'Explore');
    expect(await localItem(page, 'token')).toBeNull();
    await page.context().close();
  });
});

describe('return screen errors', () => {
  async function openCallback(hash: string, pending?: { nonce: string; state: string }): Promise<Page> {
    const page = await newPage(browser, { consent: true });
    if (pending) {
      await page.goto(urlFor(baseUrl(), '/'));
      await waitForTitle(page, 'Explore');
      await page.evaluate(({ nonce, state }) => {
        sessionStorage.setItem('google_oauth_nonce', nonce);
        sessionStorage.setItem('google_oauth_state', state);
      }, pending);
    }
    await page.goto(urlFor(baseUrl(), `${CALLBACK}${hash}`));
    return page;
  }

  it.each([
    ['no token', '', 'no token received'],
    ['an undecodable token', '#id_token=not-a-jwt&state=s', 'invalid token format'],
    ['a provider error', '#error=server_error&state=s', 'An error occurred while processing the login.'],
  ])('%s: shows its message and returns home', async (_label, hash, message) => {
    const page = await openCallback(hash);
    await waitForTitle(page, message);
    await waitForPath(page, '/');
    await page.context().close();
  });

  it('a state that does not match is refused before anything is sent', async () => {
    const token = await signGoogleIdToken({ email: uniqueEmail('state'), nonce: 'nonce-1' });
    const page = await newPage(browser, { consent: true });
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/social-login')) sent.push(request.url());
    });
    await page.goto(urlFor(baseUrl(), '/'));
    await page.evaluate(() => {
      sessionStorage.setItem('google_oauth_nonce', 'nonce-1');
      sessionStorage.setItem('google_oauth_state', 'state-1');
    });
    await page.goto(urlFor(baseUrl(), `${CALLBACK}#id_token=${token}&state=forged`));
    await waitForTitle(page, 'An error occurred while processing the login.');
    expect(sent).toEqual([]);
    await waitForPath(page, '/');
    await page.context().close();
  });

  it('a tampered token is refused by the server, whose message is shown', async () => {
    const nonce = 'nonce-tampered';
    const signed = await signGoogleIdToken({ email: uniqueEmail('victim'), name: 'Victim', nonce });
    const [header, payload, signature] = signed.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, email: uniqueEmail('attacker') })).toString('base64url');
    const tampered = `${header}.${forged}.${signature}`;

    const page = await openCallback(`#id_token=${tampered}&state=state-t`, { nonce, state: 'state-t' });
    await waitForTitle(page, 'Google sign-in could not be verified. Please try again.');
    expect(await localItem(page, 'token')).toBeNull();
    // The failure does not pop up the login modal: the screen explains and goes home.
    expect(await page.getByRole('dialog', { name: 'Welcome Back' }).count()).toBe(0);
    await waitForPath(page, '/');
    await page.context().close();
  });
});
