// (page.evaluate callbacks and init scripts run in the browser.)
// Terms and Policies (spec sections 2 and 9): two ARIA tabs, Privacy Policy by default, Terms &
// Conditions by click, keyboard or ?tab=terms; each section has a title and content.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from '../support/base-url.ts';
import { launchBrowser, newPage, urlFor } from '../support/browser.ts';
import { waitForTitle, waitVisible, watchErrors } from '../support/page-helpers.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const panel = (page: Page) => page.getByRole('tabpanel');

describe.each([
  ['desktop', false],
  ['mobile', true],
])('terms page (%s)', (_label, mobile) => {
  it('opens on the Privacy Policy, switches tabs by click and keyboard, and follows ?tab=', async () => {
    const page = await newPage(browser, { consent: true, mobile });
    const errors = watchErrors(page);
    await page.goto(urlFor(baseUrl(), '/terms'));
    await waitForTitle(page, 'Terms and Policies');
    expect(await page.getByText('Last updated: December 2024').isVisible()).toBe(true);
    expect(await page.getByRole('tablist').getAttribute('aria-label')).toBe('Terms and Policies');
    expect(await tab(page, 'Privacy Policy').getAttribute('aria-selected')).toBe('true');
    expect(await tab(page, 'Terms & Conditions').getAttribute('aria-selected')).toBe('false');
    expect(await panel(page).getAttribute('aria-labelledby')).toBe(
      await tab(page, 'Privacy Policy').getAttribute('id'),
    );
    const privacy = await panel(page).textContent();
    expect(privacy).toContain('within one month');
    expect(privacy).toContain('until you request its deletion');
    expect(await panel(page).getByRole('heading', { level: 3 }).count()).toBeGreaterThanOrEqual(5);

    await tab(page, 'Terms & Conditions').click();
    await waitVisible(panel(page).getByRole('heading', { name: 'Terms & Conditions' }));
    expect(new URL(page.url()).search).toBe('?tab=terms');
    const terms = await panel(page).textContent();
    for (const claim of [
      '14-day free trial',
      '30-day money-back guarantee',
      'within 30 days',
      'Coins are non-refundable',
      'US$100',
      'at least 18 years old',
      'Ontario, Canada',
      'within 24 hours',
      'must register to create content',
    ]) {
      expect(terms).toContain(claim);
    }

    // Keyboard: the arrow keys move the selection and the focus.
    await tab(page, 'Terms & Conditions').focus();
    await page.keyboard.press('ArrowRight');
    await waitVisible(panel(page).getByRole('heading', { name: 'Privacy Policy' }));
    expect(await tab(page, 'Privacy Policy').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await tab(page, 'Terms & Conditions').getAttribute('tabindex')).toBe('-1');

    await page.goto(urlFor(baseUrl(), '/terms?tab=terms'));
    await waitForTitle(page, 'Terms and Policies');
    expect(await tab(page, 'Terms & Conditions').getAttribute('aria-selected')).toBe('true');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
