import { SafetyProviderError } from './index.ts';

// The HTTP call both prompt classifiers make: one JSON POST under a deadline (the classifier's own
// timeout combined with the caller's signal). Every failure (timeout, network, non-2xx, a body that is
// not JSON) becomes a SafetyProviderError whose message names neither the API key nor credentials
// written into the URL.

export interface ClassifierEndpoint {
  /** The provider's name, first in every error message. */
  provider: string;
  /** SAFETY_CLASSIFIER_URL: the API's base URL, with or without a trailing /v1. */
  baseUrl: string;
  /** SAFETY_CLASSIFIER_API_KEY, sent as a bearer token when set. */
  apiKey?: string | undefined;
  /** SAFETY_CLASSIFIER_TIMEOUT_MS. */
  timeoutMs: number;
}

export interface ClassifierClient {
  /** POSTs `body` as JSON to `{base}/v1/{path}` and returns the parsed answer. */
  postJson(path: string, body: unknown, signal?: AbortSignal): Promise<unknown>;
}

const MAX_DETAIL = 200;

function shortText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_DETAIL ? `${flat.slice(0, MAX_DETAIL)}…` : flat;
}

export function createClassifierClient(endpoint: ClassifierEndpoint): ClassifierClient {
  const { provider, apiKey, timeoutMs } = endpoint;
  const url = new URL(endpoint.baseUrl);
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  const secrets = [apiKey, url.password, decodeURIComponent(url.password)].filter((s): s is string => Boolean(s));
  // fetch refuses URLs with credentials: user:password@ becomes Basic auth unless a key is set.
  if (url.username || url.password) {
    if (!apiKey) {
      const user = decodeURIComponent(url.username);
      const password = decodeURIComponent(url.password);
      headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    }
    url.username = '';
    url.password = '';
  }
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  // `https://api.openai.com` and `http://ollama:11434/v1` both name the same API root.
  const base = `${url.origin}${url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '')}/v1`;

  /** Error text (answers may echo what was sent) without the key or the URL's password. */
  function redact(text: string): string {
    let out = text;
    for (const secret of secrets) out = out.split(secret).join('[redacted]');
    return out;
  }

  function fail(message: string, cause?: unknown): SafetyProviderError {
    return new SafetyProviderError(provider, redact(message), cause === undefined ? undefined : { cause });
  }

  return {
    async postJson(path, body, callerSignal) {
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = callerSignal ? AbortSignal.any([timeout, callerSignal]) : timeout;
      const target = `${base}/${path}`;
      const where = `POST ${url.origin}${new URL(target).pathname}`;
      const aborted = () =>
        timeout.aborted ? fail(`${where} timed out after ${timeoutMs} ms`) : fail(`${where} was cancelled`);

      let response: Response;
      try {
        response = await fetch(target, { method: 'POST', headers, body: JSON.stringify(body), signal });
      } catch (err) {
        if (signal.aborted) throw aborted();
        const cause = (err as { cause?: { code?: unknown } }).cause;
        const code = typeof cause?.code === 'string' ? ` (${cause.code})` : '';
        throw fail(`${where} failed: ${(err as Error).message}${code}`, err);
      }
      let text: string;
      try {
        text = await response.text();
      } catch (err) {
        if (signal.aborted) throw aborted();
        throw fail(`${where}: reading the answer failed: ${(err as Error).message}`);
      }
      if (!response.ok) {
        throw fail(`${where} answered HTTP ${response.status}${text ? `: ${shortText(text)}` : ''}`);
      }
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw fail(`${where} answered something that is not JSON: ${shortText(text)}`);
      }
    },
  };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
