import type { AppConfig } from '../../config/env.ts';
import { onFirstUse } from '../../lib/on-first-use.ts';
import type { CardPaymentProvider } from './index.ts';

export type CardPaymentConfig = Pick<
  AppConfig,
  'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL'
>;

/** Stripe when its three keys are set; otherwise no card processor (crypto only). */
export function createCardPayments(config: CardPaymentConfig): CardPaymentProvider | null {
  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL } = config;
  if (!STRIPE_SECRET_KEY || !STRIPE_PUBLISHABLE_KEY || !STRIPE_WEBHOOK_SECRET) return null;
  const api = STRIPE_API_URL ? new URL(STRIPE_API_URL) : null;
  const options = {
    secretKey: STRIPE_SECRET_KEY,
    publishableKey: STRIPE_PUBLISHABLE_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
  };
  // The stripe SDK is loaded on the first card call; name and publicKey are what stripe.ts reports.
  const stripe = onFirstUse(() =>
    import('./stripe.ts').then(({ createStripeProvider }) => createStripeProvider(options)),
  );
  return {
    name: 'stripe',
    publicKey: STRIPE_PUBLISHABLE_KEY,
    checkout: 'embedded',
    createPayment: async (request) => (await stripe()).createPayment(request),
    getPayment: async (id) => (await stripe()).getPayment(id),
    createCheckout: async (request) => (await stripe()).createCheckout(request),
    getCheckout: async (id) => (await stripe()).getCheckout(id),
    parseWebhook: async (rawBody, signature) => (await stripe()).parseWebhook(rawBody, signature),
  };
}
