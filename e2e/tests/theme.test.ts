// (page.evaluate callbacks and init scripts run in the browser.)
// Theme (spec sections 1, 2 and 3): dark by default, toggled in the top bar, saved under 'theme',
// applied at startup as data-theme on <html>; the logo image follows the theme.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from '../support/base-url.ts';
import { launchBrowser, newPage, urlFor } from '../support/browser.ts';
import { localItem, waitForTitle, watchErrors } from '../support/page-helpers.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const htmlTheme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const logoTheme = (page: Page) =>
  page.getByTestId('top-bar').locator('img[alt="Velvet"]').getAttribute('data-theme-logo');
const logoSrc = (page: Page) => page.getByTestId('top-bar').locator('img[alt="Velvet"]').getAttribute('src');

describe('theme', () => {
  it.each([false, true])('defaults to dark, toggles, and persists across reloads (mobile: %s)', async (mobile) => {
    const page = await newPage(browser, { consent: true, mobile });
    const errors = watchErrors(page);
    await page.goto(urlFor(baseUrl(), '/support'));
    await waitForTitle(page, 'Customer Support');

    expect(await htmlTheme(page)).toBe('dark');
    expect(await localItem(page, 'theme')).toBe('dark');
    expect(await logoTheme(page)).toBe('dark');
    const darkBackground = await bodyBackground(page);
    const darkLogo = await logoSrc(page);

    const toggle = page.getByTestId('top-bar').getByRole('button', { name: 'Switch to light theme' });
    await toggle.click();
    expect(await htmlTheme(page)).toBe('light');
    expect(await localItem(page, 'theme')).toBe('light');
    expect(await logoTheme(page)).toBe('light');
    expect(await logoSrc(page)).not.toBe(darkLogo);
    expect(await bodyBackground(page)).not.toBe(darkBackground);

    await page.reload();
    await waitForTitle(page, 'Customer Support');
    expect(await htmlTheme(page)).toBe('light');
    expect(await logoTheme(page)).toBe('light');

    await page.getByTestId('top-bar').getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await htmlTheme(page)).toBe('dark');
    await page.reload();
    await waitForTitle(page, 'Customer Support');
    expect(await htmlTheme(page)).toBe('dark');
    expect(await localItem(page, 'theme')).toBe('dark');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('applies a saved light theme at startup', async () => {
    const page = await newPage(browser, { consent: true, localStorage: { theme: 'light' } });
    await page.goto(urlFor(baseUrl(), '/'));
    await waitForTitle(page, 'Explore');
    expect(await htmlTheme(page)).toBe('light');
    await page.context().close();
  });
});
