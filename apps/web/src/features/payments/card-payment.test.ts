import { describe, expect, it } from 'vitest';
import { findCoinPack, findPlan } from '@velvet/contracts/catalog';
import { CARD_MESSAGES, confirmResult, validateCardPayment } from './card-payment.ts';
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
