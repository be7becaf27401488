// (page.evaluate callbacks and init scripts run in the browser.)
// Explore's first screen rendered by the server (docs/performance.md, "Server-rendered first screen"):
// a visitor who passed the adult gate gets the pictures in the document itself, painted before any
// script runs, exactly where and as large as the app then shows them; a visitor who has not gets no
// picture before the gate. The app keeps the cookie behind it in step with consent, layout, theme and
// the grid's column count.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { GALLERY } from '@velvet/contracts/catalog';
import { FIRST_SCREEN_COOKIE } from '@velvet/contracts/first-screen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from '../support/base-url.ts';
import { launchBrowser, newContext, urlFor } from '../support/browser.ts';
import { watchListCalls } from '../support/gallery.ts';
import { waitForTitle, waitVisible, watchErrors } from '../support/page-helpers.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

type Box = { x: number; y: number; width: number; height: number };

const VIEWPORTS = [
  { name: 'desktop 1280x800', layout: 'full', viewport: { width: 1280, height: 800 }, mobile: false },
  { name: 'icon panel 900x800', layout: 'icons', viewport: { width: 900, height: 800 }, mobile: false },
  { name: 'phone 390x844', layout: 'mobile', viewport: { width: 390, height: 844 }, mobile: true },
] as const;

async function firstScreenCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === FIRST_SCREEN_COOKIE)?.value;
}

/** The boxes of the cards on screen, by image id, once their pictures have loaded. */
async function visibleCardBoxes(page: Page): Promise<Record<string, Box>> {
  await page.waitForFunction(() => {
    const imgs = Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid="gallery-card"] img'));
    // On screen: laid out (not in a hidden variant) and above the fold (the others load lazily).
    const shown = imgs.filter((img) => {
      const rect = img.getBoundingClientRect();
      return rect.width > 0 && rect.top < window.innerHeight;
    });
    return shown.length > 0 && shown.every((img) => img.complete && img.naturalWidth > 0);
  });
  return page.evaluate(() => {
    const boxes: Record<string, Box> = {};
    for (const card of Array.from(document.querySelectorAll<HTMLElement>('[data-testid="gallery-card"]'))) {
      const rect = card.getBoundingClientRect();
      if (rect.width === 0 || rect.top >= window.innerHeight) continue;
      boxes[card.dataset.imageId ?? '?'] = { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    }
    return boxes;
  });
}

/**
 * What of the server's first screen is left when the document has been parsed (DOMContentLoaded: the
 * boot script at the end of the body has run, the app's entry has not: it starts after a paint).
 */
async function recordFirstScreenAtParseEnd(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { __atParseEnd: unknown }).__atParseEnd = {
        frames: document.querySelectorAll('#root[data-first-screen] [data-layout]').length,
        grids: document.querySelectorAll('[data-testid="masonry-grid"][data-first-screen]').length,
      };
    });
  });
}

async function firstScreenAtParseEnd(page: Page): Promise<unknown> {
  return page.evaluate(() => (window as unknown as { __atParseEnd?: unknown }).__atParseEnd);
}

/** The guests' page a document carries for the app (its JSON, as sent), or '' without one. */
function inlinedFirstPage(html: string): string {
  return /<script type="application\/json" id="velvet-first-page">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
}

/** The column count of the grid the app rendered (not the server's first screen). */
async function appGridColumns(page: Page): Promise<number> {
  const grid = page.locator('[data-testid="masonry-grid"]:not([data-first-screen])');
  await grid.waitFor();
  return Number(await grid.getAttribute('data-columns'));
}

describe("Explore's first screen from the server", () => {
  type Viewport = (typeof VIEWPORTS)[number];

  /**
   * What the document alone paints for a returning visitor with this cookie (no script runs), next to
   * what the app then shows: the same cards in the same boxes, and no request for the first page.
   * Returns how many grids the document carried.
   */
  async function documentMatchesApp({ viewport, mobile }: Viewport, value: string): Promise<number> {
    const cookie = { name: FIRST_SCREEN_COOKIE, value, url: baseUrl() };
    const device = { viewport, ...(mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}) };

    // The two documents must carry the same guests' page: other test files publish pictures on the
    // same product meanwhile, and a newer picture moves every card. The pair is loaded again then.
    for (let attempt = 1; ; attempt += 1) {
      const still = await browser.newContext({ ...device, javaScriptEnabled: false });
      await still.addCookies([cookie]);
      const documentPage = await still.newPage();
      const stillResponse = await documentPage.goto(urlFor(baseUrl(), '/'));
      expect(await documentPage.title()).toBe('Explore · Velvet');
      const stillPage = inlinedFirstPage((await stillResponse?.text()) ?? '');
      const grids = await documentPage
        .locator('[data-testid="masonry-grid"][data-first-screen] > [data-columns]')
        .count();
      const fromServer = await visibleCardBoxes(documentPage);
      await still.close();

      const context = await newContext(browser, { consent: true, mobile });
      await context.addCookies([cookie]);
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      const errors = watchErrors(page);
      const calls = watchListCalls(page);
      const response = await page.goto(urlFor(baseUrl(), '/'));
      const appPage = inlinedFirstPage((await response?.text()) ?? '');
      if (appPage !== stillPage && attempt < 3) {
        await context.close();
        continue;
      }
      expect(appPage).toBe(stillPage);
      expect(appPage).not.toBe('');
      await waitForTitle(page, 'Explore');
      await page.waitForSelector('[data-testid="masonry-grid"]:not([data-first-screen])');
      const fromApp = await visibleCardBoxes(page);

      const ids = Object.keys(fromServer);
      expect(ids.length).toBeGreaterThanOrEqual(mobile ? 1 : 2);
      for (const id of ids) {
        const server = fromServer[id]!;
        const app = fromApp[id];
        expect(app, `card ${id} on the app's first screen`).toBeDefined();
        for (const key of ['x', 'y', 'width', 'height'] as const) {
          expect(Math.abs(app![key] - server[key]), `card ${id} ${key}: ${server[key]} vs ${app![key]}`).toBeLessThan(
            1.5,
          );
        }
      }
      // The page came with the document: the first list call is the second page's, if any.
      expect(calls.filter((url) => (url.searchParams.get('page') ?? '1') === '1')).toHaveLength(0);
      // And the session area the server could not know shows once the app runs.
      const login = mobile
        ? page.getByRole('button', { name: 'Login' })
        : page.getByRole('button', { name: 'Login' }).first();
      await waitVisible(login);
      expect(errors).toEqual([]);
      await context.close();
      return grids;
    }
  }

  for (const viewport of VIEWPORTS) {
    it(`${viewport.name}: the document's pictures sit where the app puts them, one grid of the app's column count, and the app asks for no page`, async () => {
      // The cookie this device's app writes: its layout, and its grid's column count.
      const context = await newContext(browser, { consent: true, mobile: viewport.mobile });
      const page = await context.newPage();
      await page.setViewportSize(viewport.viewport);
      await page.goto(urlFor(baseUrl(), '/'));
      const columns = await appGridColumns(page);
      await expect.poll(() => firstScreenCookie(context)).toBe(`v2.${viewport.layout}.dark.${columns}`);
      await context.close();

      expect(await documentMatchesApp(viewport, `v2.${viewport.layout}.dark.${columns}`)).toBe(1);
    });
  }

  it('a cookie from before the column count was kept: every grid in the document, the stylesheet shows the right one', async () => {
    expect(await documentMatchesApp(VIEWPORTS[0], 'v1.full.dark')).toBe(GALLERY.maxColumns - GALLERY.minColumns + 1);
  });

  it('a window that changed size since: the wrong frame is never painted, the app starts at once', async () => {
    const context = await newContext(browser, { consent: true, mobile: true });
    await context.addCookies([{ name: FIRST_SCREEN_COOKIE, value: 'v2.full.dark.3', url: baseUrl() }]);
    const page = await context.newPage();
    await recordFirstScreenAtParseEnd(page);
    await page.goto(urlFor(baseUrl(), '/'), { waitUntil: 'domcontentloaded' });
    // The boot script ran while the document was parsed: the desktop frame is gone before any paint.
    expect(await firstScreenAtParseEnd(page)).toEqual({ frames: 0, grids: 0 });
    await waitForTitle(page, 'Explore');
    await waitVisible(page.getByTestId('bottom-bar'));
    expect(await page.getByTestId('side-panel').count()).toBe(0);
    await expect.poll(() => firstScreenCookie(context)).toBe('v2.mobile.dark.1');
    await context.close();
  });

  it('a grid that now fits another column count: the dealt pictures are never painted, the app starts at once', async () => {
    const context = await newContext(browser, { consent: true });
    const page = await context.newPage();
    await page.goto(urlFor(baseUrl(), '/'));
    const columns = await appGridColumns(page);
    const other = columns === GALLERY.maxColumns ? columns - 1 : columns + 1;
    await context.addCookies([{ name: FIRST_SCREEN_COOKIE, value: `v2.full.dark.${other}`, url: baseUrl() }]);
    await recordFirstScreenAtParseEnd(page);
    await page.goto(urlFor(baseUrl(), '/'), { waitUntil: 'domcontentloaded' });
    // Same frame (the side panel's), another grid: gone before any paint, with its pictures.
    expect(await firstScreenAtParseEnd(page)).toEqual({ frames: 0, grids: 0 });
    await waitForTitle(page, 'Explore');
    expect(await appGridColumns(page)).toBe(columns);
    await expect.poll(() => firstScreenCookie(context)).toBe(`v2.full.dark.${columns}`);
    await context.close();
  });

  it('a first visit gets no picture before the adult gate; Enter Site remembers layout, theme and columns', async () => {
    const still = await browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: false });
    const documentPage = await still.newPage();
    await documentPage.goto(urlFor(baseUrl(), '/'));
    expect(await documentPage.locator('#root').innerHTML()).toBe('');
    expect(await documentPage.locator('img').count()).toBe(0);
    await still.close();

    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(urlFor(baseUrl(), '/'));
    const gate = page.getByRole('dialog', { name: 'Adults only' });
    await waitVisible(gate);
    expect(await firstScreenCookie(context)).toBeUndefined();
    await gate.getByRole('button', { name: 'Enter Site' }).click();
    const columns = await appGridColumns(page);
    await expect.poll(() => firstScreenCookie(context)).toBe(`v2.full.dark.${columns}`);

    await page.getByRole('button', { name: 'Switch to light theme' }).first().click();
    await expect.poll(() => firstScreenCookie(context)).toBe(`v2.full.light.${columns}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => firstScreenCookie(context)).toBe('v2.mobile.light.1');

    // The next document carries the pictures, in the theme last shown.
    await page.reload();
    await waitForTitle(page, 'Explore');
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    await context.close();
  });
});
