// (page.evaluate callbacks and init scripts run in the browser.)
// The gallery screens as the tests drive them: cards, the list calls the page makes, the infinite
// scroll, the detail view and the toasts.
import type { Locator, Page, Request } from 'playwright-core';
import { waitVisible } from './page-helpers.ts';

const TIMEOUT = 15_000;

export const cards = (page: Page): Locator => page.getByTestId('gallery-card');
export const card = (page: Page, imageId: string): Locator => page.locator(`[data-image-id="${imageId}"]`);
export const slot = (page: Page, position: number): Locator => page.locator(`[data-slot="${position}"]`);
export const detailDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Image details' });
export const toast = (page: Page, text: string): Locator => page.getByTestId('toast').filter({ hasText: text }).first();

/** Every gallery list call the page makes (Explore, My Collections, Liked Contents), in order. */
export function watchListCalls(page: Page): URL[] {
  const calls: URL[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (['/api/v1/images', '/api/v2/images', '/api/v2/likeimages'].includes(url.pathname)) calls.push(url);
  });
  return calls;
}

/** The query of a list call as a plain object. */
export const queryOf = (url: URL | undefined): Record<string, string> =>
  Object.fromEntries(url ? url.searchParams : new URLSearchParams());

/** Waits until the grid holds exactly `count` cards (and nothing is loading). */
export async function waitForCardCount(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll('[data-testid="gallery-card"]').length === n &&
      !document.querySelector('[data-testid="gallery-loading"]'),
    count,
    { timeout: TIMEOUT },
  );
}

/** The number of cards once loading has settled. */
export async function settledCardCount(page: Page): Promise<number> {
  await page.waitForFunction(() => !document.querySelector('[data-testid="gallery-loading"]'), undefined, {
    timeout: TIMEOUT,
  });
  return cards(page).count();
}

/** Scrolls to the bottom of the document, as a user would with the wheel. */
export async function scrollToEnd(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.mouse.wheel(0, 400);
}

/**
 * Scrolls to the end until the grid holds `count` cards. After each scroll it waits for the page that
 * scroll asked for to land before looking again: a scroll made while a page was landing reached the
 * new end and asked for one page more (seen in CI: 90 cards where the test wanted 60).
 */
export async function scrollUntilCards(page: Page, count: number): Promise<void> {
  const deadline = Date.now() + TIMEOUT;
  let current: number;
  while ((current = await cards(page).count()) < count) {
    if (Date.now() > deadline) throw new Error(`the grid did not reach ${count} cards`);
    await scrollToEnd(page);
    await page
      .waitForFunction(
        (before) =>
          document.querySelectorAll('[data-testid="gallery-card"]').length > before &&
          !document.querySelector('[data-testid="gallery-loading"]'),
        current,
        { timeout: 3_000 },
      )
      .catch(() => undefined); // nothing asked for yet (the end not reached): scroll again
  }
  await waitForCardCount(page, count);
}

/** The type labels of the cards, in DOM order. */
export function cardTypes(page: Page): Promise<string[]> {
  return page.getByTestId('card-type').allTextContents();
}

/** Opens the detail view of a card and waits for it. */
export async function openDetail(page: Page, target: Locator): Promise<Locator> {
  await target.getByRole('button', { name: /^Open image/ }).click();
  const dialog = detailDialog(page);
  await waitVisible(dialog);
  return dialog;
}

/** Reads a card's like count and pressed state. */
export async function cardLike(target: Locator): Promise<{ count: string; pressed: string | null }> {
  const button = target.getByTestId('card-like');
  return { count: (await button.textContent())?.trim() ?? '', pressed: await button.getAttribute('aria-pressed') };
}
