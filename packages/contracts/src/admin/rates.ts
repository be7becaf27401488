// Crypto rates for support (admin bearer; docs/payments-crypto.md): GET /api/admin/rates shows what
// the wallet calls use per coin; PUT /api/admin/rates/:coin { usd_per_coin } sets an override that wins
// over the price feed; DELETE /api/admin/rates/:coin clears it.
import { z } from 'zod';
import { fieldError } from '../common.ts';
import { CRYPTO_COINS } from '../options.ts';
import { ZCoinParams } from '../payment/common.ts';

const USD_MESSAGE = 'usd_per_coin must be a positive amount of US$ with at most 8 decimals';

export const ZRateCoinParams = ZCoinParams;

export const ZSetRateRequest = z.object({
  /** US$ per coin; decimal text or a number. Kept as text so no float reaches the database. */
  usd_per_coin: z
    .union([z.string().trim(), z.number().transform((n) => String(n))], {
      error: fieldError('usd_per_coin', 'must be a decimal amount'),
    })
    .pipe(
      z
        .string()
        .regex(/^\d{1,15}(\.\d{1,8})?$/, { error: USD_MESSAGE })
        .refine((text) => /[1-9]/.test(text), { error: USD_MESSAGE }),
    ),
});
export type TSetRateRequest = z.input<typeof ZSetRateRequest>;

export const ZRateItem = z.object({
  coin: z.enum(CRYPTO_COINS),
  /** What the wallet calls use now; null when neither the override nor the feed answers. */
  usd_per_coin: z.string().nullable(),
  coin_cnt_per_dollar: z.number().positive().nullable(),
  /** override | feed | cache | stale-cache | unavailable */
  source: z.string(),
  override: z.object({ usd_per_coin: z.string(), set_by: z.string(), updated_at: z.string() }).nullable(),
});
export type TRateItem = z.infer<typeof ZRateItem>;

export const ZListRatesResponse = z.object({ feed: z.string(), list: z.array(ZRateItem) });
export type TListRatesResponse = z.infer<typeof ZListRatesResponse>;
export const ZSetRateResponse = z.object({ status: z.literal('ok'), rate: ZRateItem });
export type TSetRateResponse = z.infer<typeof ZSetRateResponse>;
