import { describe, expect, it } from 'vitest';
import { ImageProviderError, isTransientStatus } from './errors.ts';
import { sleep, withDeadline } from './http.ts';

async function failure(promise: Promise<unknown>): Promise<ImageProviderError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImageProviderError);
  return err as ImageProviderError;
}

describe('provider error classification', () => {
  it('treats 408, 429 and 5xx as transient and other 4xx as final', () => {
    expect([408, 429, 500, 502, 503, 504].every(isTransientStatus)).toBe(true);
    expect([400, 401, 403, 404, 413, 422].some(isTransientStatus)).toBe(false);
  });

  it('a deadline that passes is a transient timeout, whatever was in flight', async () => {
    const err = await failure(withDeadline('test', { timeoutMs: 20 }, (signal) => sleep(10_000, signal)));
    expect([err.code, err.transient, err.message]).toEqual(['timeout', true, 'test: no result within 20 ms']);
  });

  it('a cancelled caller signal is a transient abort', async () => {
    const caller = new AbortController();
    setTimeout(() => caller.abort(), 10);
    const err = await failure(
      withDeadline('test', { timeoutMs: 10_000, signal: caller.signal }, (s) => sleep(10_000, s)),
    );
    expect([err.code, err.transient]).toEqual(['aborted', true]);
  });

  it('provider errors pass through; anything unexpected is final', async () => {
    const own = new ImageProviderError('test', 'http', 'HTTP 503', { transient: true, status: 503 });
    expect(await failure(withDeadline('test', { timeoutMs: 1000 }, () => Promise.reject(own)))).toBe(own);
    const bug = await failure(withDeadline('test', { timeoutMs: 1000 }, () => Promise.reject(new TypeError('oops'))));
    expect([bug.code, bug.transient]).toEqual(['malformed', false]);
  });
});
