import { ImageProviderError, isTransientStatus, shortDetail } from './errors.ts';

// The HTTP plumbing every model adapter shares: one deadline per generation, requests that turn every
// failure into an ImageProviderError (transient or not), and an abortable sleep for polling.

export interface ProviderRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent as a JSON body (POST unless method says otherwise). */
  json?: unknown;
  signal: AbortSignal;
}

function errorText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  // undici reports "fetch failed" and keeps the useful part (ECONNREFUSED, ENOTFOUND...) in cause.
  const cause = err.cause as { code?: unknown; message?: unknown } | undefined;
  const detail = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : '';
  return detail ? `${err.message} (${detail})` : err.message;
}

/** Method and path only: query strings may carry file names or tokens and add nothing to a log line. */
function describeRequest(method: string, url: string): string {
  try {
    const u = new URL(url);
    return `${method} ${u.origin}${u.pathname}`;
  } catch {
    return method;
  }
}

function methodOf(request: ProviderRequest): string {
  return request.method ?? (request.json === undefined ? 'GET' : 'POST');
}

/** Sends one request; network failures and non-2xx answers become ImageProviderErrors. */
export async function sendRequest(provider: string, url: string, request: ProviderRequest): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  let body: string | undefined;
  if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  }
  const method = methodOf(request);
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal: request.signal });
  } catch (err) {
    // An aborted request is the deadline's business: withDeadline names it timeout or cancellation.
    if (request.signal.aborted) throw err;
    throw new ImageProviderError(provider, 'network', `${describeRequest(method, url)} failed: ${errorText(err)}`, {
      transient: true,
      cause: err,
    });
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ImageProviderError(
      provider,
      'http',
      `${describeRequest(method, url)} answered HTTP ${response.status}${text ? `: ${shortDetail(text)}` : ''}`,
      { transient: isTransientStatus(response.status), status: response.status },
    );
  }
  return response;
}

async function readBody<T>(
  provider: string,
  url: string,
  request: ProviderRequest,
  read: () => Promise<T>,
): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (request.signal.aborted) throw err;
    throw new ImageProviderError(
      provider,
      'network',
      `reading the answer of ${describeRequest(methodOf(request), url)} failed`,
      {
        transient: true,
        cause: err,
      },
    );
  }
}

/** Sends a request and parses its JSON answer; an answer that is not JSON is malformed (not transient). */
export async function requestJson(provider: string, url: string, request: ProviderRequest): Promise<unknown> {
  const response = await sendRequest(provider, url, request);
  const text = await readBody(provider, url, request, () => response.text());
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new ImageProviderError(
      provider,
      'malformed',
      `${describeRequest(methodOf(request), url)} did not answer JSON`,
      {
        transient: false,
        cause: err,
      },
    );
  }
}

/** Downloads bytes (an output image). */
export async function requestBytes(provider: string, url: string, request: ProviderRequest): Promise<Buffer> {
  const response = await sendRequest(provider, url, { ...request, headers: { accept: '*/*', ...request.headers } });
  return Buffer.from(await readBody(provider, url, request, () => response.arrayBuffer()));
}

/** Waits between polls; rejects as soon as the signal aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs one generation under an overall deadline and the caller's signal. Whatever was in flight when
 * either fires is aborted, and the outcome is a transient `timeout` or `aborted` error: the job may be
 * tried again. Any other unexpected error is wrapped as non-transient, since retrying a bug repeats it.
 */
export async function withDeadline<T>(
  provider: string,
  options: { timeoutMs: number; signal?: AbortSignal | undefined },
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new DOMException('Image provider deadline passed', 'TimeoutError')),
    options.timeoutMs,
  );
  const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
  try {
    return await run(signal);
  } catch (err) {
    if (options.signal?.aborted) {
      throw new ImageProviderError(provider, 'aborted', 'generation was cancelled', { transient: true, cause: err });
    }
    if (deadline.signal.aborted) {
      throw new ImageProviderError(provider, 'timeout', `no result within ${options.timeoutMs} ms`, {
        transient: true,
        cause: err,
      });
    }
    if (err instanceof ImageProviderError) throw err;
    throw new ImageProviderError(provider, 'malformed', `unexpected failure: ${errorText(err)}`, {
      transient: false,
      cause: err,
    });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Tells the provider to drop work we gave up on (timeout, cancellation), so a GPU does not keep
 * drawing pictures nobody will store. Best effort with its own short deadline: failures are ignored.
 */
export async function cancelQuietly(url: string, init: { headers?: Record<string, string>; json?: unknown }) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  await fetch(url, {
    method: 'POST',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    signal: AbortSignal.timeout(5_000),
  })
    .then((response) => response.body?.cancel())
    .catch(() => undefined);
}

/** Guards the shape of a provider answer; a wrong shape is malformed (not transient). */
export function malformed(provider: string, what: string): ImageProviderError {
  return new ImageProviderError(provider, 'malformed', `unexpected answer: ${what}`, { transient: false });
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
