// Small HTTP helpers for the outside APIs providers call (chain nodes and explorers, price feeds): a
// timeout on every call, and errors that say which endpoint failed and how (without echoing a whole error
// page). Each capability names the error its calls fail with (providers/chains/http.ts: ChainApiError).

export interface HttpOptions {
  timeoutMs: number;
  headers?: Record<string, string>;
}

export interface JsonHttp {
  getText(url: string, opts: HttpOptions): Promise<string>;
  getJson(url: string, opts: HttpOptions): Promise<unknown>;
  postJson(url: string, body: unknown, opts: HttpOptions): Promise<unknown>;
}

/** The calls, failing with `toError(message)`. */
export function createJsonHttp(toError: (message: string) => Error): JsonHttp {
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
      throw toError(`${init.method ?? 'GET'} ${url}: ${reason}`);
    }
    if (!res.ok) {
      const text = (await res.text().catch(() => '')).slice(0, 200);
      throw toError(`${init.method ?? 'GET'} ${url}: HTTP ${res.status} ${text}`.trim());
    }
    return res;
  }

  return {
    async getText(url, opts) {
      return (await request(url, {}, opts)).text();
    },
    async getJson(url, opts) {
      const res = await request(url, {}, opts);
      try {
        return await res.json();
      } catch {
        throw toError(`GET ${url}: the answer is not JSON`);
      }
    },
    async postJson(url, body, opts) {
      const res = await request(
        url,
        { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } },
        opts,
      );
      try {
        return await res.json();
      } catch {
        throw toError(`POST ${url}: the answer is not JSON`);
      }
    },
  };
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
