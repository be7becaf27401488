// (page.evaluate callbacks and init scripts run in the browser.)
// The generation screen as the browser tests drive it, and members registered for it through the API.
import { randomBytes } from 'node:crypto';
import type { TSession } from '@velvet/contracts/auth/session-user';
import { generateRunId } from '@velvet/contracts/format';
import type { TMakeImagesResponse } from '@velvet/contracts/images/make-images';
import { API_PATHS } from '@velvet/contracts/routes';
import type { Locator, Page } from 'playwright-core';
import { baseUrl } from './base-url.ts';

const TIMEOUT = 10_000;
/** Demo pictures are drawn by the worker in well under this. */
export const IMAGE_TIMEOUT = 30_000;

export const GENERATE_PASSWORD = 'abc!1234';

export interface GenerateMember {
  email: string;
  nickname: string;
  session: TSession;
  /** Local storage that starts the app signed in as this member. */
  storage: Record<string, string>;
}

/** Registers a fresh member through the API (500 welcome coins). */
export async function registerGenerateMember(prefix: string): Promise<GenerateMember> {
  const tag = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const email = `${prefix}-${tag}@e2e.test`;
  const nickname = `${prefix.replace(/[^A-Za-z0-9]/g, '')}${tag}`.slice(0, 30);
  const response = await fetch(new URL(API_PATHS.register, baseUrl()), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      member_id: email,
      member_pwd: GENERATE_PASSWORD,
      nicname: nickname,
      adult_attestation: true,
    }),
  });
  const body = (await response.json()) as TSession & { status: string; message?: string };
  if (!response.ok || body.status !== 'ok') throw new Error(`register failed: ${response.status} ${body.message}`);
  const { token, status: _status, message: _message, ...user } = body;
  return { email, nickname, session: body, storage: { token, user: JSON.stringify(user) } };
}

/** Spends coins through the make call itself (count images, 100 coins each). */
export async function generateThroughApi(member: GenerateMember, count: number): Promise<TMakeImagesResponse> {
  const response = await fetch(new URL(API_PATHS.makeImages, baseUrl()), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${member.session.token}` },
    body: JSON.stringify({
      run_id: generateRunId(),
      prompt: 'a quiet harbour at dawn',
      run_type: 'Realistic',
      run_style: 'Free',
      run_ratio: 'Square',
      details: 'Realistic, Free, Square',
      request_cnt: count,
      fourk_yn: 'no',
      strength: '0.5',
      is_open: 'N',
      is_claim: 'N',
    }),
  });
  if (!response.ok) throw new Error(`make failed: ${response.status}`);
  return (await response.json()) as TMakeImagesResponse;
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
