// (page.evaluate callbacks and init scripts run in the browser.)
// Desktop layout and navigation (spec section 2) at 1280x800: the side panel reaches every screen,
// the logo and the top bar lead home, coming-soon entries stay put, each route of the table renders
// its screen, unknown paths show not-found, and the session buttons behave for guests and members.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from '../support/base-url.ts';
import { launchBrowser, newContext, pathnameOf, urlFor } from '../support/browser.ts';
import {
  appGrid,
  currentTitle,
  localItem,
  waitForPath,
  waitForTitle,
  waitHidden,
  waitVisible,
  watchErrors,
} from '../support/page-helpers.ts';
import { saveScreenshot } from '../support/screenshots.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, { consent: true });
  page = await context.newPage();
  errors = watchErrors(page);
  await page.goto(urlFor(baseUrl(), '/'));
  await waitForTitle(page, 'Explore');
});

afterAll(async () => {
  await browser?.close();
});

const sidePanel = () => page.getByTestId('side-panel');

describe('desktop side panel', () => {
  it('shows the Service and Manage sections and no mobile bars', async () => {
    expect(await sidePanel().isVisible()).toBe(true);
    expect(await sidePanel().getByRole('heading', { name: 'Service' }).isVisible()).toBe(true);
    expect(await sidePanel().getByRole('heading', { name: 'Manage' }).isVisible()).toBe(true);
    expect(await page.getByTestId('bottom-bar').count()).toBe(0);
  });

  it.each([
    ['Explore', '/gallery', 'Explore'],
    ['Generate Images', '/generate', 'Generate Images'],
    ['My Collections', '/collections', 'My Collections'],
    ['Liked Contents', '/likes', 'Liked Contents'],
    ['Customer Support', '/support', 'Customer Support'],
    ['Manage Account', '/account', 'Manage Account'],
    ['Terms and Policies', '/terms', 'Terms and Policies'],
  ])('%s goes to %s and shows its title', async (label, path, title) => {
    const link = sidePanel().getByRole('link', { name: label, exact: true });
    await link.click();
    await waitForPath(page, path);
    await waitForTitle(page, title);
    if (path === '/account') {
      // A guest arriving at Manage Account gets the login modal; close it to go on.
      const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
      await waitVisible(dialog);
      await page.keyboard.press('Escape');
      await waitHidden(dialog);
    }
    expect(await link.getAttribute('aria-current')).toBe('page');
    expect(await page.title()).toContain(title);
  });

  it.each(['Generate Videos', 'Train a Models', 'AI Creative Webtoons'])(
    '%s is greyed, says Coming Soon!, is not a link and does not navigate',
    async (label) => {
      await page.goto(urlFor(baseUrl(), '/likes'));
      await waitForTitle(page, 'Liked Contents');
      expect(await sidePanel().getByRole('link', { name: label }).count()).toBe(0);
      const entry = sidePanel().locator('[data-coming-soon="true"]', { hasText: label });
      expect(await entry.getAttribute('aria-disabled')).toBe('true');
      expect(await entry.textContent()).toContain('Coming Soon!');
      const cursor = await entry.evaluate((el) => getComputedStyle(el).cursor);
      expect(cursor).toBe('not-allowed');

      await entry.click();
      await page.waitForTimeout(250);
      expect(pathnameOf(page)).toBe('/likes');
      expect(await currentTitle(page)).toBe('Liked Contents');
    },
  );

  it('the logo links to /', async () => {
    await page.goto(urlFor(baseUrl(), '/terms'));
    await waitForTitle(page, 'Terms and Policies');
    await sidePanel().getByRole('link', { name: 'Velvet home' }).click();
    await waitForPath(page, '/');
    await waitForTitle(page, 'Explore');
  });

  it('logged out: Login opens the login modal, which closes again; Coins+ goes to /subscription', async () => {
    await sidePanel().getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
    await waitVisible(dialog);
    await page.keyboard.press('Escape');
    await waitHidden(dialog);

    await sidePanel().getByRole('button', { name: 'Login' }).click();
    await waitVisible(dialog);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await waitHidden(dialog);

    await sidePanel().getByRole('link', { name: 'Coins+' }).click();
    await waitForPath(page, '/subscription');
    await waitForTitle(page, 'Create anything you can imagine.');
  });
});

// Between 768 and 1024 px the side panel shrinks to its icons so that Explore keeps two columns
// (floor(width / 300) of what is left); from 1024 px it shows its labels; under 768 px the mobile bars.
describe('side panel by width', () => {
  const ENTRIES = [
    'Explore',
    'Generate Images',
    'My Collections',
    'Liked Contents',
    'Customer Support',
    'Manage Account',
    'Terms and Policies',
  ];
  const SOON = ['Generate Videos', 'Train a Models', 'AI Creative Webtoons'];

  it.each([
    [768, 'icons'],
    [900, 'icons'],
    [1280, 'labels'],
  ] as const)(
    'at %i px: Explore has two columns or more, the panel shows %s, every entry named',
    async (width, mode) => {
      const p = await context.newPage();
      await p.setViewportSize({ width, height: 800 });
      await p.goto(urlFor(baseUrl(), '/'));
      await waitForTitle(p, 'Explore');
      // The app's grid: this context has passed the gate, so the first paint may be the server's.
      const grid = appGrid(p);
      await waitVisible(grid);
      expect(Number(await grid.getAttribute('data-columns'))).toBeGreaterThanOrEqual(2);
      if (width === 768) await saveScreenshot(p, 'explore-768');

      const panel = p.getByTestId('side-panel');
      const panelWidth = (await panel.boundingBox())!.width;
      if (mode === 'icons') expect(panelWidth).toBeLessThanOrEqual(80);
      else expect(panelWidth).toBeGreaterThanOrEqual(240);

      // Every entry is a named link (its label stays the accessible name) inside the panel, big enough to hit.
      for (const label of ENTRIES) {
        const link = panel.getByRole('link', { name: label, exact: true });
        expect(await link.count(), label).toBe(1);
        const box = (await link.boundingBox())!;
        expect(box.width, label).toBeGreaterThanOrEqual(32);
        expect(box.x + box.width, label).toBeLessThanOrEqual(panelWidth + 1);
        const shown = await link.getByText(label, { exact: true }).isVisible();
        expect(shown, `${label} label shown`).toBe(mode === 'labels');
        // In icons, a tooltip names the icon for the mouse.
        if (mode === 'icons') expect(await link.getAttribute('title'), label).toBe(label);
      }
      for (const label of SOON) {
        const entry = panel.locator('[data-coming-soon="true"]', { hasText: label });
        expect(await entry.count(), label).toBe(1);
        expect(await entry.getAttribute('title'), label).toContain('Coming Soon!');
      }
      for (const heading of ['Service', 'Manage']) {
        // The section's list keeps its name; its heading shows only with the labels.
        expect(await panel.getByRole('list', { name: heading }).count(), heading).toBe(1);
        expect(await panel.locator('h2', { hasText: heading }).isVisible(), heading).toBe(mode === 'labels');
      }
      // The session buttons keep their names, and stay inside the panel.
      for (const control of [
        panel.getByRole('button', { name: 'Login' }),
        panel.getByRole('link', { name: 'Coins+' }),
      ]) {
        expect(await control.count()).toBe(1);
        const box = (await control.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(panelWidth + 1);
      }

      // Keyboard: Tab from the logo reaches every entry in order.
      await panel.getByRole('link', { name: 'Velvet home' }).focus();
      const reached: string[] = [];
      for (let i = 0; i < ENTRIES.length; i += 1) {
        await p.keyboard.press('Tab');
        reached.push(await p.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
      }
      expect(reached).toEqual(ENTRIES);
      // And a collapsed entry still navigates.
      await panel.getByRole('link', { name: 'My Collections', exact: true }).click();
      await waitForPath(p, '/collections');
      await p.close();
    },
  );

  it('at 767 px the mobile bars replace the panel', async () => {
    const p = await context.newPage();
    await p.setViewportSize({ width: 767, height: 800 });
    await p.goto(urlFor(baseUrl(), '/'));
    await waitForTitle(p, 'Explore');
    expect(await p.getByTestId('side-panel').count()).toBe(0);
    await waitVisible(p.getByTestId('bottom-bar'));
    await p.close();
  });
});

describe('desktop top bar', () => {
  it('the menu button and the logo go to /', async () => {
    const topBar = page.getByTestId('top-bar');
    await page.goto(urlFor(baseUrl(), '/support'));
    await waitForTitle(page, 'Customer Support');
    await topBar.getByRole('link', { name: 'Menu' }).click();
    await waitForPath(page, '/');

    await page.goto(urlFor(baseUrl(), '/support'));
    await waitForTitle(page, 'Customer Support');
    await topBar.getByRole('link', { name: 'Velvet home' }).click();
    await waitForPath(page, '/');
    await waitForTitle(page, 'Explore');
  });

  it('the balance chip goes to /subscription', async () => {
    await page.getByTestId('balance-chip').click();
    await waitForPath(page, '/subscription');
    await waitForTitle(page, 'Create anything you can imagine.');
  });
});

describe('routes', () => {
  it.each([
    ['/', 'Explore'],
    ['/home', 'Explore'],
    ['/gallery', 'Explore'],
    ['/generate', 'Generate Images'],
    ['/collections', 'My Collections'],
    ['/likes', 'Liked Contents'],
    ['/support', 'Customer Support'],
    ['/account', 'Manage Account'],
    ['/terms', 'Terms and Policies'],
    ['/subscription', 'Create anything you can imagine.'],
    ['/coin', 'Top Up on Coins. Recharge Your Creativity!'],
    // The social sign-in return screen, opened without a token, says so (then goes home).
    ['/login/oauth2/code/google', 'no token received'],
    // Opened without the card provider's session_id, the result screen says so.
    ['/payment-success', 'Payment Verification Failed'],
    ['/payment-cancel', 'Payment Cancelled'],
  ])('loading %s directly shows %s', async (path, title) => {
    await page.goto(urlFor(baseUrl(), path));
    await waitForTitle(page, title);
    expect(pathnameOf(page)).toBe(path);
  });

  it('/payment-cancel explains and returns home', async () => {
    await page.goto(urlFor(baseUrl(), '/payment-cancel'));
    await waitForTitle(page, 'Payment Cancelled');
    expect(await page.locator('main').textContent()).toContain('Your payment was cancelled. No charges were made.');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await waitForPath(page, '/');
  });

  it.each(['/videos', '/train', '/webtoons', '/no-such-page'])('%s shows not-found with a link home', async (path) => {
    await page.goto(urlFor(baseUrl(), path));
    await waitForTitle(page, 'Page not found');
    await page.locator('main').getByRole('link', { name: 'Go to home' }).click();
    await waitForPath(page, '/');
    await waitForTitle(page, 'Explore');
  });

  it('/generate fills the height without padding', async () => {
    await page.goto(urlFor(baseUrl(), '/generate'));
    await waitForTitle(page, 'Generate Images');
    const main = await page.locator('main').evaluate((el) => {
      const style = getComputedStyle(el);
      return { padding: style.padding, bottom: el.getBoundingClientRect().bottom };
    });
    expect(main.padding).toBe('0px');
    expect(main.bottom).toBe(800);

    await page.goto(urlFor(baseUrl(), '/support'));
    await waitForTitle(page, 'Customer Support');
    expect(await page.locator('main').evaluate((el) => getComputedStyle(el).paddingTop)).not.toBe('0px');
  });
});

describe('logged in', () => {
  const user = {
    member_id: 'luna@example.com',
    email: 'luna@example.com',
    nicname: 'Luna',
    cur_tokens: 12_540,
    member_kind: 'level2',
  };
  let member: Page;

  beforeAll(async () => {
    const memberContext = await newContext(browser, {
      consent: true,
      localStorage: {
        token: 'test-token',
        user: JSON.stringify(user),
        commonCodes: '[]',
        galleryStore: '{"images":[]}',
      },
    });
    member = await memberContext.newPage();
    // A page that asks the API nothing with this made-up token (Customer Support now lists the
    // member's requests: its 401 would open the login modal, as for any expired session).
    await member.goto(urlFor(baseUrl(), '/terms'));
    await waitForTitle(member, 'Terms and Policies');
  });

  it('startup restored the session and removed galleryStore', async () => {
    const panel = member.getByTestId('side-panel');
    expect(await panel.getByTestId('nickname-button').textContent()).toContain('Luna');
    expect(await panel.getByRole('button', { name: 'Login' }).count()).toBe(0);
    expect(await localItem(member, 'galleryStore')).toBeNull();
  });

  it('shows the balance in thousands with a K, and the balance button goes to /subscription', async () => {
    expect(await member.getByTestId('balance-chip').textContent()).toContain('12.5K');
    const balance = member.getByTestId('side-balance');
    expect(await balance.textContent()).toContain('12.5K');
    await balance.click();
    await waitForPath(member, '/subscription');
  });

  it('the nickname button opens the logout confirmation; Escape and the backdrop close it', async () => {
    const dialog = member.getByRole('dialog', { name: 'Log out' });
    await member.getByTestId('nickname-button').click();
    await waitVisible(dialog);
    await member.keyboard.press('Escape');
    await waitHidden(dialog);

    await member.getByTestId('nickname-button').click();
    await waitVisible(dialog);
    await member.mouse.click(1200, 100);
    await waitHidden(dialog);
    expect(await localItem(member, 'token')).toBe('test-token');
  });

  it('confirming clears token, user and the coin list and goes to /home', async () => {
    await member.getByTestId('nickname-button').click();
    const dialog = member.getByRole('dialog', { name: 'Log out' });
    await dialog.getByRole('button', { name: 'Log out' }).click();
    await waitHidden(dialog);
    await waitForPath(member, '/home');
    await waitForTitle(member, 'Explore');
    expect(await localItem(member, 'token')).toBeNull();
    expect(await localItem(member, 'user')).toBeNull();
    expect(await localItem(member, 'commonCodes')).toBeNull();
    const panel = member.getByTestId('side-panel');
    await waitVisible(panel.getByRole('button', { name: 'Login' }));
    expect(await panel.getByRole('link', { name: 'Coins+' }).isVisible()).toBe(true);
  });

  it('a session without a nickname counts as logged out in the side panel', async () => {
    const ctx = await newContext(browser, {
      consent: true,
      localStorage: { token: 't', user: JSON.stringify({ ...user, nicname: '' }) },
    });
    const p = await ctx.newPage();
    await p.goto(urlFor(baseUrl(), '/'));
    await waitForTitle(p, 'Explore');
    expect(await p.getByTestId('side-panel').getByRole('button', { name: 'Login' }).isVisible()).toBe(true);
    expect(await p.getByTestId('nickname-button').count()).toBe(0);
    await ctx.close();
  });
});

describe('console', () => {
  it('logged no errors', () => {
    expect(errors).toEqual([]);
  });
});
