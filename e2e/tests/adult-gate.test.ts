// (page.evaluate callbacks and init scripts run in the browser.)
// The adult-consent gate (spec sections 1, 2 and 3): shown until consent is stored, blocks the app
// behind it, 'Enter Site' stores consent (remembered across reloads), 'Leave Site' goes elsewhere.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from '../support/base-url.ts';
import { CONSENT_KEY, launchBrowser, newPage, pathnameOf, urlFor } from '../support/browser.ts';
import { localItem, waitForPath, waitForTitle, waitHidden, waitVisible, watchErrors } from '../support/page-helpers.ts';

const LEAVE_URL = 'https://www.google.com/';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const gate = (page: Page) => page.getByRole('dialog', { name: 'Adults only' });

describe('adult gate', () => {
  it('shows on a first visit, says the site is adults-only, and blocks the app behind it', async () => {
    const page = await newPage(browser);
    const errors = watchErrors(page);
    await page.goto(urlFor(baseUrl(), '/'));

    await waitVisible(gate(page));
    const text = await gate(page).textContent();
    expect(text).toContain('adult content');
    expect(text).toContain('18');
    expect(await gate(page).getByRole('button', { name: 'Enter Site' }).isVisible()).toBe(true);
    expect(await gate(page).getByRole('button', { name: 'Leave Site' }).isVisible()).toBe(true);

    // The app behind is inert: clicking where 'My Collections' sits in the side panel does nothing,
    // and Escape or a click on the backdrop does not dismiss the gate.
    const shell = page.getByTestId('app-shell');
    expect(await shell.getAttribute('inert')).not.toBeNull();
    const collections = page.getByTestId('side-panel').locator('a[href="/collections"]');
    const box = await collections.boundingBox();
    expect(box).not.toBeNull();
    await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    expect(pathnameOf(page)).toBe('/');
    expect(await gate(page).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("'Enter Site' hides the gate, stores consent and is remembered after a reload", async () => {
    const page = await newPage(browser);
    const errors = watchErrors(page);
    await page.goto(urlFor(baseUrl(), '/support'));
    await waitVisible(gate(page));
    expect(await localItem(page, CONSENT_KEY)).toBeNull();

    await gate(page).getByRole('button', { name: 'Enter Site' }).click();
    await waitHidden(gate(page));
    expect(await localItem(page, CONSENT_KEY)).toBe('true');
    expect(await page.getByTestId('app-shell').getAttribute('inert')).toBeNull();

    // The app is usable now.
    await page.getByTestId('side-panel').getByRole('link', { name: 'My Collections' }).click();
    await waitForPath(page, '/collections');
    await waitForTitle(page, 'My Collections');

    await page.reload();
    await waitForTitle(page, 'My Collections');
    await page.waitForTimeout(300);
    expect(await gate(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('falls back to session storage when local storage refuses writes', async () => {
    const page = await newPage(browser);
    await page.addInitScript(() => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
        if (this === window.localStorage) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        setItem.call(this, key, value);
      };
    });
    await page.goto(urlFor(baseUrl(), '/'));
    await gate(page).getByRole('button', { name: 'Enter Site' }).click();
    await waitHidden(gate(page));
    expect(await localItem(page, CONSENT_KEY)).toBeNull();
    expect(await page.evaluate((k) => sessionStorage.getItem(k), CONSENT_KEY)).toBe('true');

    // Session storage survives a reload of the same tab.
    await page.reload();
    await waitForTitle(page, 'Explore');
    await page.waitForTimeout(300);
    expect(await gate(page).count()).toBe(0);
    await page.context().close();
  });

  it("'Leave Site' sends the visitor to an outside search site", async () => {
    const page = await newPage(browser);
    const requested: string[] = [];
    // Answer the outside site locally: no network is used.
    await page.route('https://www.google.com/**', async (route) => {
      requested.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Outside</title><p>outside</p>' });
    });
    await page.goto(urlFor(baseUrl(), '/'));
    await gate(page).getByRole('button', { name: 'Leave Site' }).click();
    await page.waitForURL(LEAVE_URL, { timeout: 10_000 });

    expect(requested).toEqual([LEAVE_URL]);
    expect(await page.title()).toBe('Outside');
    // Leaving gives no consent.
    await page.goto(urlFor(baseUrl(), '/'));
    await waitVisible(gate(page));
    expect(await localItem(page, CONSENT_KEY)).toBeNull();
    await page.context().close();
  });
});
