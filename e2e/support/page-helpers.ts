// (page.evaluate callbacks and init scripts run in the browser.)
// Small waits and reads shared by the browser tests (playwright-core has no test runner, so these
// stand in for its web-first assertions).
import type { Locator, Page, Request } from 'playwright-core';
import { API_PATHS } from '@velvet/contracts/routes';

const TIMEOUT = 10_000;

/** Wait until the page's path is `path`. */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: TIMEOUT });
}

/** Wait until the screen's h1 reads `title` and return the h1. */
export async function waitForTitle(page: Page, title: string): Promise<Locator> {
  const heading = page.getByRole('heading', { level: 1, name: title, exact: true });
  await heading.waitFor({ state: 'visible', timeout: TIMEOUT });
  return heading;
}

/** The text of the screen's (single visible) h1. */
export async function currentTitle(page: Page): Promise<string> {
  const heading = page.locator('main h1');
  await heading.waitFor({ state: 'visible', timeout: TIMEOUT });
  return (await heading.textContent())?.trim() ?? '';
}

export async function waitHidden(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'hidden', timeout: TIMEOUT });
}

export async function waitVisible(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout: TIMEOUT });
}

/**
 * Waits until the app has taken over from the server's first screen (nothing marked
 * `data-first-screen` is left: React replaced the server's markup). With the first-screen cookie, an
 * Explore URL's document shows the layout's buttons before any script has run; a click on them
 * before the app renders does nothing (seen in CI: Menu clicked, the Service list never opened).
 */
export async function waitForAppTakeover(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[data-first-screen]'), undefined, { timeout: TIMEOUT });
}

/**
 * The masonry grid the app renders (not the server's first screen, which a visitor with the
 * first-screen cookie sees until the app takes over and which carries no column count).
 */
export function appGrid(page: Page): Locator {
  return page.locator('[data-testid="masonry-grid"]:not([data-first-screen])');
}

/** Collects uncaught page errors and console errors, to assert a clean run at the end. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/** Reads a local storage item of the page's origin. */
export function localItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

/** Requests a screen's settling does not wait for: pictures and fonts, and the member event stream (it stays open). */
function settlingIgnores(request: Request): boolean {
  if (['image', 'media', 'font', 'eventsource', 'websocket'].includes(request.resourceType())) return true;
  return new URL(request.url()).pathname === API_PATHS.memberEvents;
}

/**
 * Follows a page's requests; `settled()` resolves once none of the screen's own requests (data, lazy
 * modules, styles) has been in flight for `quietMs`. Playwright's 'networkidle' wants 500 ms of
 * silence and never gets it while a member's event stream is open.
 */
export function requestTracker(page: Page): { settled(quietMs?: number, timeout?: number): Promise<void> } {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  page.on('request', (request) => {
    if (settlingIgnores(request)) return;
    inFlight.add(request);
    lastChange = Date.now();
  });
  const finished = (request: Request): void => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  return {
    async settled(quietMs = 150, timeout = TIMEOUT) {
      const deadline = Date.now() + timeout;
      while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) {
          const pending = [...inFlight].map((request) => new URL(request.url()).pathname).join(', ');
          throw new Error(`the page's requests did not settle within ${timeout} ms (in flight: ${pending || 'none'})`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}
