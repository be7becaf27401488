// Images for the gallery tests, made the way members make them: a generation through the API (the
// demo provider draws them locally and the worker completes them), then the per-image calls
// (publish, like) the detail view uses.
import type { TSession } from '@velvet/contracts/auth/session-user';
import { generateRunId } from '@velvet/contracts/format';
import type { TListImagesResponse } from '@velvet/contracts/galleries/list-images';
import type { TGetStatusResponse } from '@velvet/contracts/images/get-status';
import type { TMakeImagesResponse } from '@velvet/contracts/images/make-images';
import type { Model, Ratio } from '@velvet/contracts/options';
import { baseUrl } from './base-url.ts';

async function call<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(new URL(path, baseUrl()), {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

export interface GenerateOptions {
  prompt?: string;
  count?: 1 | 2 | 3 | 4;
  model?: Model;
  ratio?: Ratio;
}

/** The make call as the generation screen sends it; answers what the server said. */
export function makeImages(session: TSession, options: GenerateOptions = {}): Promise<TMakeImagesResponse> {
  const model = options.model ?? 'Realistic';
  const ratio = options.ratio ?? 'Square';
  return call<TMakeImagesResponse>('POST', '/api/v2/images/make', session.token, {
    run_id: generateRunId(),
    prompt: options.prompt ?? 'a woman in a red satin dress on a Paris rooftop at night',
    run_type: model,
    run_style: 'Free',
    run_ratio: ratio,
    details: `${model}, Free, ${ratio}`,
    request_cnt: options.count ?? 1,
    fourk_yn: 'no',
    strength: '0.5',
    is_open: 'N',
    is_claim: 'N',
  });
}

/** Generates images for the member and waits until every one is complete; answers their ids. */
export async function generateImages(session: TSession, options: GenerateOptions = {}): Promise<string[]> {
  const made = await makeImages(session, options);
  if (made.status !== 'ok') throw new Error(`make refused: ${made.detail}`);
  const deadline = Date.now() + 30_000;
  for (const id of made.image_ids) {
    for (;;) {
      const status = await call<TGetStatusResponse>('GET', `/api/v2/status/${id}`, session.token);
      if (status.status === 'complete') break;
      if (status.status === 'failed') throw new Error(`image ${id} failed`);
      if (Date.now() > deadline) throw new Error(`image ${id} did not complete in time`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return made.image_ids;
}

/** Toggles publication of one's own image; answers the new is_open. */
export async function togglePublish(session: TSession, imageId: string): Promise<'Y' | 'N'> {
  const result = await call<{ is_open: 'Y' | 'N' }>('POST', `/api/v2/image/publish/${imageId}`, session.token);
  return result.is_open;
}

/** Toggles the member's like; answers the new state. */
export async function toggleLike(
  session: TSession,
  imageId: string,
): Promise<{ is_liked: 'Y' | 'N'; like_cnt: number }> {
  return call('POST', `/api/v2/image/likes/${imageId}`, session.token);
}

/** The image's flags as its owner (or anyone, while published) sees them. */
export function imageStatus(session: TSession | null, imageId: string): Promise<TGetStatusResponse> {
  return call('GET', `/api/v2/status/${imageId}`, session?.token ?? null);
}

export interface ListQuery {
  page?: number;
  limit?: number;
  sort_by?: string;
  run_type?: string;
}

/** One page of Explore (guest when session is null). */
export function listExplore(session: TSession | null, query: ListQuery = {}): Promise<TListImagesResponse> {
  const params = new URLSearchParams(
    Object.entries({ limit: 30, ...query }).map(([key, value]) => [key, String(value)] as [string, string]),
  );
  return call('GET', `/api/v1/images?${params}`, session?.token ?? null);
}
