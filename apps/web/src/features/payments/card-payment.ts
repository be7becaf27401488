// The card payment modal's rules and texts (spec sections 4, 5 and 8), apart from React and Stripe so
// that they can be tested: validation before anything is sent, and which message a failure shows.
import type { TPaymentDetails } from '@velvet/contracts/entities';
import type { TCreateIntentRequest } from '@velvet/contracts/payment/create-intent';
import type { TGetPaymentConfigResponse } from '@velvet/contracts/payment/get-payment-config';
import { apiFailureMessage } from '../../lib/api-error.ts';
import { cardPaymentRequest } from './payment-details.ts';

export const CARD_MESSAGES = {
  notReady: 'Payment system is not ready yet.',
  detailsMissing: 'Payment details are missing',
  intentFailed: 'Failed to create payment intent',
  completeFailed: 'Failed to complete payment process',
  failed: 'Payment failed. Please try again.',
  processing: 'Processing payment...',
  doNotClose: 'Please do not close this window',
  redirecting: 'Redirecting to the secure payment page...',
  checkoutFailed: 'Could not open the secure payment page. Please try again.',
} as const;

/**
 * What choosing 'Credit Cards' does on this deployment: nothing (no processor), open the card modal
 * (a processor with card fields in the page, Stripe), or send the buyer to the processor's own page
 * (Verotel FlexPay has no fields to embed).
 */
export type CardCheckout = 'unavailable' | 'embedded' | 'redirect';

export function cardCheckoutOf(config: TGetPaymentConfigResponse | undefined): CardCheckout {
  return config?.card ? config.card.checkout : 'unavailable';
}

/** A failed POST /api/payment/checkout-session: the server's message for a 4xx, else the generic text. */
export function checkoutFailureMessage(error: unknown): string {
  return apiFailureMessage(error, { refused: CARD_MESSAGES.checkoutFailed, exception: CARD_MESSAGES.checkoutFailed });
}

export type CardValidation = { ok: true; request: TCreateIntentRequest } | { ok: false; message: string };

/** Before paying: the payment system must be ready, then the details present. */
export function validateCardPayment(ready: boolean, details: TPaymentDetails): CardValidation {
  if (!ready) return { ok: false, message: CARD_MESSAGES.notReady };
  const request = cardPaymentRequest(details);
  if (!request) return { ok: false, message: CARD_MESSAGES.detailsMissing };
  return { ok: true, request };
}

/** What the card provider's confirmation returned, reduced to what the modal needs. */
export interface ConfirmOutcome {
  error?: { message?: string | undefined } | undefined;
  paymentIntent?: { id: string; status: string } | undefined;
}

export type ConfirmResult = { ok: true; paymentIntentId: string } | { ok: false; message: string };

/** The provider's error message, or the generic failure when it gave none or did not succeed. */
export function confirmResult(outcome: ConfirmOutcome): ConfirmResult {
  if (outcome.error) {
    const message = outcome.error.message?.trim();
    return { ok: false, message: message || CARD_MESSAGES.failed };
  }
  if (outcome.paymentIntent?.status === 'succeeded') return { ok: true, paymentIntentId: outcome.paymentIntent.id };
  return { ok: false, message: CARD_MESSAGES.failed };
}
