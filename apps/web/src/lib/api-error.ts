// What went wrong with an API call, in the two kinds the screens tell apart (spec section 8):
// - `refused`: the server answered 4xx; its JSON body usually carries the message to show
//   ({ status: 'error', message }, e.g. 409 'This email is already registered.' or a 429 limit);
// - `exception`: no usable answer (network failure, timeout, unreadable body, 5xx).
// Works on what RTK Query's unwrap() throws and on the `error` of a query result.

export type ApiFailure = { kind: 'refused'; status: number; message: string | null } | { kind: 'exception' };

function messageOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = (data as { message?: unknown }).message;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

export function classifyApiError(error: unknown): ApiFailure {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const { status, data } = error as { status: unknown; data?: unknown };
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return { kind: 'refused', status, message: messageOf(data) };
    }
  }
  return { kind: 'exception' };
}

export interface FailureTexts {
  /** A 4xx without a message of its own. */
  refused: string;
  /** Network failure, 5xx and the like. */
  exception: string;
}

/** The text to show for a failed call: the server's message when it sent one, else the fallbacks. */
export function apiFailureMessage(error: unknown, texts: FailureTexts): string {
  const failure = classifyApiError(error);
  if (failure.kind === 'exception') return texts.exception;
  return failure.message ?? texts.refused;
}
