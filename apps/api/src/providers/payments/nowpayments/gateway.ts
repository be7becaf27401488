// NOWPayments as the hosted crypto gateway (issue 16, docs/payments-crypto.md "Hosted gateway"): what
// the deposit services need of it, built once by bootstrap/ through select-crypto-gateway.ts.
import { NOWPAYMENTS_SANDBOX_URL, type NowPaymentsClient } from './client.ts';

export interface NowPaymentsGateway {
  readonly name: 'nowpayments';
  readonly client: NowPaymentsClient;
  /** Verifies x-nowpayments-sig (ipn.ts); never logged. */
  readonly ipnSecret: string;
  /** The sandbox: its addresses are testnet ones, never to be paid with real coins (is_demo). */
  readonly sandbox: boolean;
}

/** Whether a base URL is NOWPayments' sandbox. */
export function isSandboxUrl(baseUrl: string | undefined): boolean {
  return !!baseUrl && baseUrl.replace(/\/+$/, '') === NOWPAYMENTS_SANDBOX_URL;
}
