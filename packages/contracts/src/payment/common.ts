// Pieces shared by the payment calls.
import { z } from 'zod';
import { BILLING_PERIODS, type BillingPeriod } from '../catalog.ts';
import { zOneOf } from '../common.ts';
import { CRYPTO_COINS } from '../options.ts';

/** Billing period of a payment: '' for a coin pack (spec section 3, payment details). */
export const PAYMENT_PERIODS = ['', ...BILLING_PERIODS] as const satisfies readonly ('' | BillingPeriod)[];
export type PaymentPeriod = (typeof PAYMENT_PERIODS)[number];

export function zCryptoCoin(field: string) {
  return zOneOf(field, CRYPTO_COINS);
}

/** Path params of the wallet calls: /api/v2/wallet/query/:coin and /api/v2/wallet/create/:coin. */
export const ZCoinParams = z.object({ coin: zCryptoCoin('coin') });
export type TCoinParams = z.infer<typeof ZCoinParams>;
