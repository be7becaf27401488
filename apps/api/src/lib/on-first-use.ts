/**
 * A provider whose SDK is imported on its first call, not at start-up: the Stripe and Google SDKs are
 * hundreds of modules that a process which never takes a card or a Google sign-in (the worker, most
 * API processes between such requests) need not load (docs/performance.md, "Start time and API memory").
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined; // a failed import is retried on the next call
      throw error;
    });
    return loading;
  };
}
