import Stripe from 'stripe';
import { WebhookSignatureError, type CardPaymentProvider, type CardPaymentState, type CheckoutState } from './index.ts';

export interface StripeOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Tests and proxies only: where the Stripe API is. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

const metadataPaymentId = (metadata: Stripe.Metadata | null | undefined) => metadata?.payment_id ?? null;

function paymentState(intent: Stripe.PaymentIntent): CardPaymentState {
  const status: CardPaymentState['status'] =
    intent.status === 'succeeded'
      ? 'succeeded'
      : intent.status === 'processing'
        ? 'processing'
        : intent.status === 'requires_action'
          ? 'requires_action'
          : intent.status === 'canceled'
            ? 'canceled'
            : 'pending';
  return {
    id: intent.id,
    status,
    amountCents: intent.amount_received || intent.amount,
    currency: intent.currency,
    paymentId: metadataPaymentId(intent.metadata),
  };
}

function checkoutState(session: Stripe.Checkout.Session): CheckoutState {
  const intent = session.payment_intent;
  return {
    id: session.id,
    paid: session.payment_status === 'paid',
    amountCents: session.amount_total ?? 0,
    currency: session.currency ?? '',
    paymentId: metadataPaymentId(session.metadata),
    paymentRef: typeof intent === 'string' ? intent : (intent?.id ?? null),
  };
}

/** Stripe through stripe-node: PaymentIntents for the card modal, Checkout for the redirect flow. */
export function createStripeProvider(opts: StripeOptions): CardPaymentProvider {
  const stripe = new Stripe(opts.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(opts.host ? { host: opts.host } : {}),
    ...(opts.port ? { port: opts.port } : {}),
    ...(opts.protocol ? { protocol: opts.protocol } : {}),
  });
  return {
    name: 'stripe',
    publicKey: opts.publishableKey,
    checkout: 'embedded',
    async createPayment(request) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency,
          description: request.description,
          automatic_payment_methods: { enabled: true },
          metadata: { payment_id: request.paymentId, member_id: request.memberId },
        },
        // A retried create (network hiccup) never makes a second charge.
        { idempotencyKey: `velvet-payment-${request.paymentId}` },
      );
      if (!intent.client_secret) throw new Error('Stripe returned a payment intent without a client secret');
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async getPayment(id) {
      return paymentState(await stripe.paymentIntents.retrieve(id));
    },
    async createCheckout(request) {
      const metadata = { payment_id: request.paymentId, member_id: request.memberId };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency,
                unit_amount: request.amountCents,
                product_data: { name: request.description },
              },
            },
          ],
          metadata,
          payment_intent_data: { metadata, description: request.description },
          success_url: `${request.successUrl}${request.successUrl.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: `velvet-checkout-${request.paymentId}` },
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    },
    async getCheckout(id) {
      return checkoutState(await stripe.checkout.sessions.retrieve(id));
    },
    async parseWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, opts.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
      }
      switch (event.type) {
        case 'payment_intent.succeeded':
          return { type: 'payment.succeeded', eventId: event.id, payment: paymentState(event.data.object) };
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
          return { type: 'checkout.completed', eventId: event.id, checkout: checkoutState(event.data.object) };
        case 'charge.refunded': {
          const charge = event.data.object;
          const ref = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
          if (!ref) return { type: 'ignored', eventId: event.id, eventType: event.type };
          return {
            type: 'payment.refunded',
            eventId: event.id,
            paymentRef: ref,
            amountRefundedCents: charge.amount_refunded,
            amountCents: charge.amount,
          };
        }
        case 'charge.dispute.created': {
          const dispute = event.data.object;
          const ref = typeof dispute.payment_intent === 'string' ? dispute.payment_intent : dispute.payment_intent?.id;
          if (!ref) return { type: 'ignored', eventId: event.id, eventType: event.type };
          return { type: 'payment.disputed', eventId: event.id, paymentRef: ref };
        }
        default:
          return { type: 'ignored', eventId: event.id, eventType: event.type };
      }
    },
  };
}
