// How a feature reports an outcome to the user without knowing how it is shown: the route passes one
// in (the app shows them as toasts: success green, error red). A duration may be asked for (the spec's
// 2 s and 4 s toasts); without one the toast default applies.
export interface NotifyOptions {
  durationMs?: number;
  /**
   * The spec shows this outcome as an alert (support, generation, download, nickname, account
   * deletion): an error then stays until the member dismisses it, so it cannot vanish unread.
   */
  alert?: boolean;
}

export interface Notify {
  success(message: string, options?: NotifyOptions): void;
  error(message: string, options?: NotifyOptions): void;
  /** Neutral news; optional so that older callers keep working (falls back to success). */
  info?(message: string, options?: NotifyOptions): void;
}
