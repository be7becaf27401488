// Card payment processors. Stripe restricts adult businesses, so everything the product needs from a
// card processor is this interface: another processor (CCBill, Segpay, Verotel...) drops in as one
// more implementation beside stripe.ts (docs/payments.md).

export interface CardPaymentRequest {
  /** Our payment row id, carried in the processor's metadata so every event finds its payment. */
  paymentId: string;
  memberId: string;
  amountCents: number;
  currency: 'usd';
  /** Shown on the processor's pages and statements. */
  description: string;
  /**
   * A membership plan the processor renews by itself every period (Verotel subscriptions); absent:
   * a one-off charge. Processors without subscriptions (Stripe here) charge once and ignore it.
   */
  recurring?: { period: 'monthly' | 'yearly' };
}

export interface CardPaymentState {
  id: string;
  /** succeeded = money captured; anything else = not (yet) paid. */
  status: 'succeeded' | 'processing' | 'requires_action' | 'failed' | 'canceled' | 'pending';
  amountCents: number;
  currency: string;
  paymentId: string | null;
}

export interface CheckoutState {
  id: string;
  paid: boolean;
  amountCents: number;
  currency: string;
  paymentId: string | null;
  /** The underlying card payment, once there is one. */
  paymentRef: string | null;
}

/** A verified processor event, reduced to what the product acts on. */
export type CardPaymentEvent =
  | { type: 'payment.succeeded'; eventId: string; payment: CardPaymentState }
  | { type: 'checkout.completed'; eventId: string; checkout: CheckoutState }
  | { type: 'payment.refunded'; eventId: string; paymentRef: string; amountRefundedCents: number; amountCents: number }
  | { type: 'payment.disputed'; eventId: string; paymentRef: string }
  | { type: 'ignored'; eventId: string; eventType: string };

/** The processor could not be asked (down, or its answer unreadable): nothing was decided, try later. */
export class CardProcessorUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardProcessorUnavailableError';
  }
}

/** Thrown for a webhook whose signature is missing, wrong or too old: answered 400, nothing done. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface CardPaymentProvider {
  readonly name: string;
  /** What the browser needs to show the card form (Stripe's publishable key). */
  readonly publicKey: string;
  /**
   * embedded: the card is taken in our page (createPayment + the client secret). redirect: the
   * processor has no embeddable card fields; the buyer goes to its page (createCheckout).
   */
  readonly checkout: 'embedded' | 'redirect';
  /** An in-page card payment; the client confirms it with the returned secret. */
  createPayment(request: CardPaymentRequest): Promise<{ id: string; clientSecret: string }>;
  getPayment(id: string): Promise<CardPaymentState>;
  /** A hosted checkout page; the processor sends the buyer back to successUrl or cancelUrl. */
  createCheckout(
    request: CardPaymentRequest & { successUrl: string; cancelUrl: string },
  ): Promise<{ id: string; url: string }>;
  getCheckout(id: string): Promise<CheckoutState>;
  /** Verifies the signature over the exact raw body, then reads the event. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<CardPaymentEvent>;
}
