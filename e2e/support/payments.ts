// Reads and waits shared by the payment browser tests (payments.test.ts, payments-verotel.test.ts).
import type { Locator, Page } from 'playwright-core';
import { waitVisible } from './page-helpers.ts';

/** A locator's trimmed text ('' when it has none). */
export const text = async (locator: Locator): Promise<string> => ((await locator.textContent()) ?? '').trim();

/** Waits until the locator's text is `expected` (a string: exactly; a pattern: matching). */
export async function waitForText(locator: Locator, expected: string | RegExp, timeout = 10_000): Promise<void> {
  const deadline = Date.now() + timeout;
  let last = '';
  while (Date.now() < deadline) {
    last = await text(locator).catch(() => '');
    if (typeof expected === 'string' ? last === expected : expected.test(last)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`expected ${String(expected)}, last saw ${JSON.stringify(last)}`);
}

/** The payment method chooser, once it is open. */
export async function openedChooser(page: Page): Promise<Locator> {
  const chooser = page.getByRole('dialog', { name: 'Choose Payment Method' });
  await waitVisible(chooser);
  return chooser;
}

/** The chooser's Credit Cards entry once the card brands show (the payment config has been read). */
export async function cardsEntry(chooser: Locator): Promise<Locator> {
  const cards = chooser.getByRole('button', { name: /Credit Cards/ });
  await waitForText(cards, /Visa/);
  return cards;
}
