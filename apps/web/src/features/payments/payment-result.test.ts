import { describe, expect, it } from 'vitest';
import { PAYMENT_RESULT_TEXTS, sessionIdFrom, verifyFailureMessage } from './payment-result.ts';

describe('payment return', () => {
  it('reads session_id from the query string', () => {
    expect(sessionIdFrom(new URLSearchParams('session_id=cs_test_123'))).toBe('cs_test_123');
    expect(sessionIdFrom(new URLSearchParams(''))).toBeNull();
    expect(sessionIdFrom(new URLSearchParams('session_id=%20'))).toBeNull();
  });

  it("keeps our session id when the processor appends its own sale parameters (Verotel's return)", () => {
    const back = new URLSearchParams(
      '?session_id=cm3payment0001&paymentMethod=CC&priceAmount=156.00&priceCurrency=USD' +
        '&referenceID=cm3payment0001&saleID=1000001&shopID=117000&transactionID=5000001&type=subscription' +
        '&signature=0f3a9c',
    );
    expect(sessionIdFrom(back)).toBe('cm3payment0001');
  });

  it("shows the server's error field, else the generic failure", () => {
    expect(
      verifyFailureMessage({
        status: 402,
        data: { status: 'error', message: 'x', error: 'The payment was not completed.' },
      }),
    ).toBe('The payment was not completed.');
    expect(verifyFailureMessage({ status: 404, data: { status: 'error', message: 'Payment not found' } })).toBe(
      'Payment not found',
    );
    expect(verifyFailureMessage({ status: 'FETCH_ERROR', error: 'TypeError' })).toBe('Payment verification failed');
    expect(verifyFailureMessage({ status: 500, data: '<html>' })).toBe('Payment verification failed');
    expect(verifyFailureMessage(undefined)).toBe(PAYMENT_RESULT_TEXTS.verifyFailed);
  });

  it('keeps the spec texts', () => {
    expect(PAYMENT_RESULT_TEXTS).toMatchObject({
      verifying: 'Verifying payment...',
      success: 'Payment Successful!',
      redirecting: 'Redirecting to home page...',
      failed: 'Payment Verification Failed',
      noSession: 'No session ID provided',
      returnHome: 'Return to Home',
      cancelled: 'Payment Cancelled',
      cancelledText: 'Your payment was cancelled. No charges were made.',
    });
  });
});
