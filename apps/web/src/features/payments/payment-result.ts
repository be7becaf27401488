// The card provider's return pages (spec sections 2, 5 and 8): /payment-success verifies the checkout
// session named in the query string; /payment-cancel only reassures. Texts and rules, apart from React.

export const PAYMENT_RESULT_TEXTS = {
  verifying: 'Verifying payment...',
  success: 'Payment Successful!',
  redirecting: 'Redirecting to home page...',
  failed: 'Payment Verification Failed',
  noSession: 'No session ID provided',
  verifyFailed: 'Payment verification failed',
  returnHome: 'Return to Home',
  cancelled: 'Payment Cancelled',
  cancelledText: 'Your payment was cancelled. No charges were made.',
} as const;

/** The checkout session id of the return URL (?session_id=...), or null when it is missing or blank. */
export function sessionIdFrom(search: URLSearchParams): string | null {
  const id = search.get('session_id')?.trim();
  return id ? id : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The server's `error` (else its `message`) from a failed verify call, or the generic failure. */
export function verifyFailureMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'data' in error) {
    const data = (error as { data?: unknown }).data;
    if (typeof data === 'object' && data !== null) {
      const body = data as { error?: unknown; message?: unknown };
      const message = text(body.error) ?? text(body.message);
      if (message) return message;
    }
  }
  return PAYMENT_RESULT_TEXTS.verifyFailed;
}
