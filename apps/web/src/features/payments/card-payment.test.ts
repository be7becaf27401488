import { describe, expect, it } from 'vitest';
import { findCoinPack, findPlan } from '@velvet/contracts/catalog';
import {
  CARD_MESSAGES,
  cardCheckoutOf,
  checkoutFailureMessage,
  confirmResult,
  validateCardPayment,
} from './card-payment.ts';
import { coinPackDetails, initialPaymentDetails, membershipDetails } from './payment-details.ts';

const ultimateYearly = membershipDetails(initialPaymentDetails, findPlan('Ultimate')!, 'yearly');

describe('card payment validation (spec section 5)', () => {
  it('the payment system must be ready first', () => {
    expect(validateCardPayment(false, ultimateYearly)).toEqual({
      ok: false,
      message: 'Payment system is not ready yet.',
    });
    expect(validateCardPayment(false, initialPaymentDetails)).toEqual({ ok: false, message: CARD_MESSAGES.notReady });
  });

  it('then the payment details must be present', () => {
    expect(validateCardPayment(true, initialPaymentDetails)).toEqual({
      ok: false,
      message: 'Payment details are missing',
    });
  });

  it('yields the create-intent body', () => {
    expect(validateCardPayment(true, ultimateYearly)).toEqual({
      ok: true,
      request: {
        amount: 15600,
        paymentType: 'membership',
        coins: 500000,
        planName: 'Ultimate',
        billingPeriod: 'yearly',
      },
    });
    const pack = validateCardPayment(true, coinPackDetails(initialPaymentDetails, findCoinPack(30000)!));
    expect(pack).toMatchObject({ ok: true, request: { amount: 3000, coins: 30000, paymentType: 'coin' } });
  });
});

describe('card confirmation result (spec section 8)', () => {
  it("shows the provider's error message", () => {
    expect(confirmResult({ error: { message: 'Your card was declined.' } })).toEqual({
      ok: false,
      message: 'Your card was declined.',
    });
  });

  it('falls back to the generic failure', () => {
    expect(confirmResult({ error: {} })).toEqual({ ok: false, message: 'Payment failed. Please try again.' });
    expect(confirmResult({ paymentIntent: { id: 'pi_1', status: 'requires_payment_method' } })).toEqual({
      ok: false,
      message: CARD_MESSAGES.failed,
    });
    expect(confirmResult({})).toEqual({ ok: false, message: CARD_MESSAGES.failed });
  });

  it('a succeeded intent goes on to completion', () => {
    expect(confirmResult({ paymentIntent: { id: 'pi_1', status: 'succeeded' } })).toEqual({
      ok: true,
      paymentIntentId: 'pi_1',
    });
  });

  it('keeps the spec texts', () => {
    expect(CARD_MESSAGES.intentFailed).toBe('Failed to create payment intent');
    expect(CARD_MESSAGES.completeFailed).toBe('Failed to complete payment process');
    expect(`${CARD_MESSAGES.processing} ${CARD_MESSAGES.doNotClose}`).toBe(
      'Processing payment... Please do not close this window',
    );
  });
});

describe('hosted card checkout (issue 16: a processor without card fields in the page)', () => {
  it('Credit Cards does what the configured processor allows', () => {
    expect(cardCheckoutOf(undefined)).toBe('unavailable');
    expect(cardCheckoutOf({ card: null })).toBe('unavailable');
    expect(cardCheckoutOf({ card: { provider: 'stripe', public_key: 'pk_test_1', checkout: 'embedded' } })).toBe(
      'embedded',
    );
    expect(cardCheckoutOf({ card: { provider: 'verotel', public_key: '', checkout: 'redirect' } })).toBe('redirect');
  });

  it("a refused checkout shows the server's message; anything else the generic text", () => {
    expect(
      checkoutFailureMessage({
        status: 400,
        data: { status: 'error', message: 'planName must name a membership plan' },
      }),
    ).toBe('planName must name a membership plan');
    expect(checkoutFailureMessage({ status: 409, data: {} })).toBe(CARD_MESSAGES.checkoutFailed);
    expect(checkoutFailureMessage({ status: 502, data: { message: 'upstream' } })).toBe(CARD_MESSAGES.checkoutFailed);
    expect(checkoutFailureMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      'Could not open the secure payment page. Please try again.',
    );
    expect(CARD_MESSAGES.redirecting).toBe('Redirecting to the secure payment page...');
  });
});
