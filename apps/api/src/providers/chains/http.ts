// Small HTTP helpers for the chain and price APIs: a timeout on every call, and errors that say which
// endpoint failed and how (without echoing a whole error page).
import { ChainApiError } from './index.ts';

export interface HttpOptions {
  timeoutMs: number;
  headers?: Record<string, string>;
}

async function request(url: string, init: RequestInit, opts: HttpOptions): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, {
      ...init,
      headers: { accept: 'application/json', ...init.headers, ...opts.headers },
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
  } catch (err) {
    const reason =
      err instanceof Error && err.name === 'TimeoutError' ? `timed out after ${opts.timeoutMs} ms` : String(err);
    throw new ChainApiError(`${init.method ?? 'GET'} ${url}: ${reason}`);
  }
  if (!res.ok) {
    const text = (await res.text().catch(() => '')).slice(0, 200);
    throw new ChainApiError(`${init.method ?? 'GET'} ${url}: HTTP ${res.status} ${text}`.trim());
  }
  return res;
}

export async function getText(url: string, opts: HttpOptions): Promise<string> {
  return (await request(url, {}, opts)).text();
}

export async function getJson(url: string, opts: HttpOptions): Promise<unknown> {
  const res = await request(url, {}, opts);
  try {
    return await res.json();
  } catch {
    throw new ChainApiError(`GET ${url}: the answer is not JSON`);
  }
}

export async function postJson(url: string, body: unknown, opts: HttpOptions): Promise<unknown> {
  const res = await request(
    url,
    { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } },
    opts,
  );
  try {
    return await res.json();
  } catch {
    throw new ChainApiError(`POST ${url}: the answer is not JSON`);
  }
}

/** Runs `work` over `items` with at most `limit` at a time (public APIs rate-limit bursts). */
export async function mapLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  });
  await Promise.all(lanes);
  return results;
}

/** 'https://host/api/' + 'address/x' without a double slash. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
