// (page.evaluate callbacks and init scripts run in the browser.)
// The generation screen as the browser tests drive it, and members registered for it through the API.
import type { TMakeImagesResponse } from '@velvet/contracts/images/make-images';
import type { Locator, Page } from 'playwright-core';
import { registerMember, signedInStorage, type Member } from './accounts.ts';
import { makeImages } from './images.ts';

const TIMEOUT = 10_000;
/** Demo pictures are drawn by the worker in well under this. */
export const IMAGE_TIMEOUT = 30_000;

export interface GenerateMember extends Member {
  /** Local storage that starts the app signed in as this member. */
  storage: Record<string, string>;
}

/** Registers a fresh member through the API (500 welcome coins). */
export async function registerGenerateMember(prefix: string): Promise<GenerateMember> {
  const member = await registerMember(prefix);
  return { ...member, storage: signedInStorage(member.session) };
}

/** Spends coins through the make call itself (count images, 100 coins each). */
export function generateThroughApi(member: GenerateMember, count: 1 | 2 | 3 | 4): Promise<TMakeImagesResponse> {
  return makeImages(member.session, { prompt: 'a quiet harbour at dawn', count });
}

export const screen = (page: Page) => ({
  root: page.getByTestId('generate-screen'),
  prompt: page.getByTestId('prompt-input'),
  generate: page.getByTestId('generate-button'),
  cost: page.getByTestId('generate-cost'),
  groups: page.getByTestId('generation-group'),
  styleTrigger: page.getByTestId('style-trigger'),
  fourk: page.getByRole('switch', { name: '4k Upscaling' }),
  strength: page.getByRole('slider', { name: 'Strength' }),
  strengthValue: page.getByTestId('strength-value'),
  history: page.getByTestId('history-button'),
  empty: page.getByTestId('empty-state'),
  demo: page.getByTestId('demo-notice'),
});

/** The text of a locator, trimmed. */
export async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').trim();
}

/** Waits until the locator's trimmed text is exactly `text`. */
export async function waitForText(locator: Locator, text: string, timeout = TIMEOUT): Promise<void> {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await locator
    .filter({ hasText: new RegExp(`^\\s*${escaped}\\s*$`) })
    .first()
    .waitFor({ state: 'visible', timeout });
}

/** Waits until `group` shows `count` complete images whose pictures have loaded. */
export async function waitForCompleteImages(group: Locator, count: number): Promise<void> {
  const pictures = group.locator('[data-testid="image-tile"][data-status="complete"] img');
  await pictures.nth(count - 1).waitFor({ state: 'visible', timeout: IMAGE_TIMEOUT });
  await group.page().waitForFunction(
    ([runId, n]) => {
      const images = Array.from(
        document.querySelectorAll<HTMLImageElement>(
          `[data-run-id="${runId}"] [data-testid="image-tile"][data-status="complete"] img`,
        ),
      );
      return images.length === n && images.every((img) => img.complete && img.naturalWidth > 0);
    },
    [await group.getAttribute('data-run-id'), count] as const,
    { timeout: IMAGE_TIMEOUT },
  );
}

/** Error toasts reading `text`. */
export const errorToast = (page: Page, text: string): Locator =>
  page.getByTestId('toast').and(page.getByRole('alert')).filter({ hasText: text });
