// (page.evaluate callbacks and init scripts run in the browser.)
// Mobile layout and navigation (spec section 2) at 390x844: top bar with logo and theme toggle,
// bottom bar with Home, Coins, Menu, Manage and Login/Logout; Menu and Manage open their lists, one
// at a time, closed by the dim overlay or by choosing an entry.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, signedInStorage } from '../support/accounts.ts';
import { baseUrl } from '../support/base-url.ts';
import { launchBrowser, newPage, pathnameOf, urlFor } from '../support/browser.ts';
import {
  currentTitle,
  waitForPath,
  waitForTitle,
  waitHidden,
  waitForAppTakeover,
  waitVisible,
  watchErrors,
} from '../support/page-helpers.ts';

let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { mobile: true, consent: true });
  errors = watchErrors(page);
  await page.goto(urlFor(baseUrl(), '/'));
  await waitForTitle(page, 'Explore');
});

afterAll(async () => {
  await browser?.close();
});

const bottomBar = () => page.getByTestId('bottom-bar');
const serviceList = () => page.getByRole('region', { name: 'Service menu' });
const manageList = () => page.getByRole('region', { name: 'Manage menu' });
const overlay = () => page.getByTestId('menu-overlay');

async function reset(path = '/') {
  await page.goto(urlFor(baseUrl(), path));
  await waitVisible(bottomBar());
  // The bars of the server's first screen are visible before the app can answer a click.
  await waitForAppTakeover(page);
}

describe('mobile bars', () => {
  it('shows a top bar with logo and theme toggle, a bottom bar, and no side panel', async () => {
    const topBar = page.getByTestId('top-bar');
    expect(await topBar.getByRole('link', { name: 'Velvet home' }).isVisible()).toBe(true);
    expect(await topBar.getByTestId('theme-toggle').isVisible()).toBe(true);
    expect(await page.getByTestId('side-panel').count()).toBe(0);
    const labels = (await bottomBar().locator('a, button').allTextContents()).map((t) => t.trim());
    expect(labels).toEqual(['Home', 'Coins', 'Menu', 'Manage', 'Login']);
    const box = await bottomBar().boundingBox();
    expect(box && Math.round(box.y + box.height)).toBe(844);
  });

  it('Coins goes to /subscription and Home to /', async () => {
    await bottomBar().getByRole('link', { name: 'Coins' }).click();
    await waitForPath(page, '/subscription');
    await waitForTitle(page, 'Create anything you can imagine.');
    await bottomBar().getByRole('link', { name: 'Home' }).click();
    await waitForPath(page, '/');
    await waitForTitle(page, 'Explore');
  });

  it('the logo goes to /', async () => {
    await reset('/terms');
    await page.getByTestId('top-bar').getByRole('link', { name: 'Velvet home' }).click();
    await waitForPath(page, '/');
  });

  it('Login opens the login modal', async () => {
    await bottomBar().getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
    await waitVisible(dialog);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await waitHidden(dialog);
  });
});

describe('mobile lists', () => {
  it('Menu opens the Service list', async () => {
    await reset();
    const menu = bottomBar().getByRole('button', { name: 'Menu' });
    await menu.click();
    await waitVisible(serviceList());
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    const entries = (await serviceList().locator('li').allTextContents()).map((t) => t.trim());
    expect(entries).toEqual([
      'Explore',
      'Generate Images',
      'Generate VideosComing Soon!',
      'Train a ModelsComing Soon!',
      'AI Creative WebtoonsComing Soon!',
    ]);
  });

  it('Manage opens the Manage list and closes the Service list: only one is open', async () => {
    await bottomBar().getByRole('button', { name: 'Manage' }).click();
    await waitVisible(manageList());
    expect(await serviceList().count()).toBe(0);
    expect(await bottomBar().getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
    const entries = (await manageList().locator('li').allTextContents()).map((t) => t.trim());
    expect(entries).toEqual([
      'My Collections',
      'Liked Contents',
      'Customer Support',
      'Manage Account',
      'Terms and Policies',
    ]);

    await bottomBar().getByRole('button', { name: 'Menu' }).click();
    await waitVisible(serviceList());
    expect(await manageList().count()).toBe(0);
  });

  it('the dim overlay closes the list', async () => {
    expect(await overlay().isVisible()).toBe(true);
    await page.mouse.click(195, 150);
    await waitHidden(serviceList());
    expect(await overlay().count()).toBe(0);
    expect(pathnameOf(page)).toBe('/');
  });

  it('pressing the open list button again closes it', async () => {
    const manage = bottomBar().getByRole('button', { name: 'Manage' });
    await manage.click();
    await waitVisible(manageList());
    await manage.click();
    await waitHidden(manageList());
  });

  it('choosing an entry navigates and closes the list', async () => {
    await bottomBar().getByRole('button', { name: 'Manage' }).click();
    await manageList().getByRole('link', { name: 'Liked Contents' }).click();
    await waitForPath(page, '/likes');
    await waitForTitle(page, 'Liked Contents');
    await waitHidden(manageList());
    expect(await overlay().count()).toBe(0);

    await bottomBar().getByRole('button', { name: 'Menu' }).click();
    await serviceList().getByRole('link', { name: 'Generate Images' }).click();
    await waitForPath(page, '/generate');
    await waitHidden(serviceList());
  });

  it('coming-soon entries in the Service list do not navigate', async () => {
    await reset('/support');
    await bottomBar().getByRole('button', { name: 'Menu' }).click();
    for (const label of ['Generate Videos', 'Train a Models', 'AI Creative Webtoons']) {
      expect(await serviceList().getByRole('link', { name: label }).count()).toBe(0);
      const entry = serviceList().locator('[data-coming-soon="true"]', { hasText: label });
      expect(await entry.getAttribute('aria-disabled')).toBe('true');
      await entry.click();
    }
    await page.waitForTimeout(250);
    expect(pathnameOf(page)).toBe('/support');
    expect(await currentTitle(page)).toBe('Customer Support');
  });

  it('an open list locks body scrolling until it closes', async () => {
    await reset('/support');
    const overflow = () => page.evaluate(() => getComputedStyle(document.body).overflow);
    expect(await overflow()).not.toBe('hidden');
    await bottomBar().getByRole('button', { name: 'Menu' }).click();
    expect(await overflow()).toBe('hidden');
    await page.mouse.click(195, 150);
    await waitHidden(serviceList());
    expect(await overflow()).not.toBe('hidden');
  });
});

describe('/generate on mobile', () => {
  it('fills the height between the bars and locks body scrolling; leaving unlocks it', async () => {
    await reset('/generate');
    await waitForTitle(page, 'Generate Images');
    const overflow = () => page.evaluate(() => getComputedStyle(document.body).overflow);
    expect(await overflow()).toBe('hidden');
    const main = await page.locator('main').evaluate((el) => ({
      padding: getComputedStyle(el).padding,
      top: el.getBoundingClientRect().top,
      bottom: el.getBoundingClientRect().bottom,
    }));
    expect(main.padding).toBe('0px');
    expect(main.top).toBe(64);
    expect(main.bottom).toBe(844 - 64);

    await bottomBar().getByRole('link', { name: 'Home' }).click();
    await waitForTitle(page, 'Explore');
    expect(await overflow()).not.toBe('hidden');
  });
});

describe('mobile session', () => {
  it('logged in shows Logout, which opens the logout confirmation', async () => {
    // A real session: the liked images are fetched with the token, and a refused one opens the login modal.
    const registered = await registerMember('mobile');
    const member = await newPage(browser, {
      mobile: true,
      consent: true,
      localStorage: signedInStorage(registered.session),
    });
    await member.goto(urlFor(baseUrl(), '/likes'));
    await waitForTitle(member, 'Liked Contents');
    const bar = member.getByTestId('bottom-bar');
    expect(await bar.getByRole('button', { name: 'Login' }).count()).toBe(0);
    await bar.getByRole('button', { name: 'Logout' }).click();
    const dialog = member.getByRole('dialog', { name: 'Log out' });
    await waitVisible(dialog);
    await dialog.getByRole('button', { name: 'Log out' }).click();
    await waitForPath(member, '/home');
    await waitVisible(bar.getByRole('button', { name: 'Login' }));
    await member.context().close();
  });
});

describe('console', () => {
  it('logged no errors', () => {
    expect(errors).toEqual([]);
  });
});
