/** What went wrong, for logs and tests; `transient` is what the worker acts on. */
export type ImageProviderErrorCode =
  'timeout' | 'aborted' | 'network' | 'http' | 'malformed' | 'generation_failed' | 'too_few_images';

/**
 * Every failure of a model adapter. `transient` says whether trying the same run again later may
 * work (network trouble, timeouts, HTTP 5xx and 429); a transient=false error will fail the same way
 * on every attempt (bad request, unknown checkpoint, malformed answer). The message names the
 * provider and what failed, with at most a short excerpt of the provider's own error text; it never
 * contains credentials, so it can be logged. Members only ever see 'Generation failed'.
 */
export class ImageProviderError extends Error {
  override readonly name = 'ImageProviderError';
  readonly provider: string;
  readonly code: ImageProviderErrorCode;
  readonly transient: boolean;
  /** HTTP status of the provider's answer, when there was one. */
  readonly status: number | undefined;

  constructor(
    provider: string,
    code: ImageProviderErrorCode,
    message: string,
    options: { transient: boolean; status?: number; cause?: unknown },
  ) {
    super(`${provider}: ${message}`, options.cause === undefined ? undefined : { cause: options.cause });
    this.provider = provider;
    this.code = code;
    this.transient = options.transient;
    this.status = options.status;
  }
}

/** HTTP statuses worth another attempt later: rate limits, timeouts and server-side failures. */
export function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** Provider error texts go into logs: one line, bounded, so a stack dump or HTML page cannot flood them. */
export function shortDetail(text: string, max = 300): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}
