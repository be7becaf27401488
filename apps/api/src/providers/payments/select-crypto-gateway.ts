// Chooses the hosted crypto gateway from config (docs/payments-crypto.md, "Hosted gateway"): NOWPayments
// when both its API key and its IPN secret are set, none otherwise (our own addresses and watchers).
// Only one of the two set stops start-up naming the other: a gateway that could take payments but not
// verify their notifications (or the reverse) would lose money silently.
import type { AppConfig } from '../../config/env.ts';
import { NowPaymentsClient } from './nowpayments/client.ts';
import { isSandboxUrl, type NowPaymentsGateway } from './nowpayments/gateway.ts';

export type CryptoGatewayConfig = Pick<
  AppConfig,
  'NOWPAYMENTS_API_KEY' | 'NOWPAYMENTS_IPN_SECRET' | 'NOWPAYMENTS_API_URL'
>;

export function createCryptoGateway(config: CryptoGatewayConfig): NowPaymentsGateway | null {
  const { NOWPAYMENTS_API_KEY: apiKey, NOWPAYMENTS_IPN_SECRET: ipnSecret } = config;
  if (!apiKey && !ipnSecret) return null;
  if (!apiKey)
    throw new Error('Invalid configuration:\n  NOWPAYMENTS_API_KEY: required when NOWPAYMENTS_IPN_SECRET is set');
  if (!ipnSecret)
    throw new Error('Invalid configuration:\n  NOWPAYMENTS_IPN_SECRET: required when NOWPAYMENTS_API_KEY is set');
  return {
    name: 'nowpayments',
    client: new NowPaymentsClient({
      apiKey,
      ...(config.NOWPAYMENTS_API_URL ? { baseUrl: config.NOWPAYMENTS_API_URL } : {}),
    }),
    ipnSecret,
    sandbox: isSandboxUrl(config.NOWPAYMENTS_API_URL),
  };
}
