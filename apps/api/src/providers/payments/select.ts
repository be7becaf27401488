import type { AppConfig } from '../../config/env.ts';
import { onFirstUse } from '../../lib/on-first-use.ts';
import type { CardPaymentProvider } from './index.ts';
import { VEROTEL_BASE_URL } from './verotel/urls.ts';
import { createVerotelProvider } from './verotel.ts';

export type CardPaymentConfig = Pick<
  AppConfig,
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_PUBLISHABLE_KEY'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'STRIPE_API_URL'
  | 'CARD_PROCESSOR'
  | 'VEROTEL_SHOP_ID'
  | 'VEROTEL_SIGNATURE_KEY'
  | 'VEROTEL_BASE_URL'
>;

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
const VEROTEL_KEYS = ['VEROTEL_SHOP_ID', 'VEROTEL_SIGNATURE_KEY'] as const;

/** A processor chosen by CARD_PROCESSOR but unusable stops start-up naming what is missing. */
function requireKeys(config: CardPaymentConfig, processor: string, keys: readonly (keyof CardPaymentConfig)[]) {
  const missing = keys.filter((name) => !config[name]);
  if (missing.length > 0) {
    throw new Error(
      `Invalid configuration:\n${missing.map((name) => `  ${name}: required when CARD_PROCESSOR=${processor}`).join('\n')}`,
    );
  }
}

/**
 * The card processor (docs/payments.md): CARD_PROCESSOR when set, else Stripe when its three keys are
 * set, else Verotel when its two are; otherwise none (crypto only).
 */
export function createCardPayments(config: CardPaymentConfig): CardPaymentProvider | null {
  const hasAll = (keys: readonly (keyof CardPaymentConfig)[]) => keys.every((name) => Boolean(config[name]));
  const processor = config.CARD_PROCESSOR ?? (hasAll(STRIPE_KEYS) ? 'stripe' : hasAll(VEROTEL_KEYS) ? 'verotel' : null);
  if (processor === 'verotel') {
    requireKeys(config, 'verotel', VEROTEL_KEYS);
    return createVerotelProvider({
      shopId: config.VEROTEL_SHOP_ID!,
      signatureKey: config.VEROTEL_SIGNATURE_KEY!,
      baseUrl: config.VEROTEL_BASE_URL ?? VEROTEL_BASE_URL,
    });
  }
  if (processor === 'stripe') requireKeys(config, 'stripe', STRIPE_KEYS);
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
