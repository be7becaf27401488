// POST /api/v2/wallet/create/:coin: a deposit address for a plan or coin pack paid in crypto.
// coin_type repeats the path's coin (the route checks they agree). request_coin_cnt is what the
// client computed (price times rate, 8 decimals); the server recomputes it from its own rate and
// returns the amount it will actually wait for.
import { z } from 'zod';
import { CRYPTO, findPlan, PAYMENT_TYPES } from '../catalog.ts';
import { zOneOf, zText } from '../common.ts';
import { PAYMENT_PERIODS, ZCoinParams, zCryptoCoin } from './common.ts';

const DECIMAL = new RegExp(`^\\d+(\\.\\d{1,${CRYPTO.amountDecimals}})?$`);
const COIN_AMOUNT_MESSAGE = `request_coin_cnt must be a positive amount with at most ${CRYPTO.amountDecimals} decimals`;

export const ZCreateWalletParams = ZCoinParams;
export type TCreateWalletParams = z.input<typeof ZCreateWalletParams>;

export const ZCreateWalletRequest = z
  .object({
    coin_type: zCryptoCoin('coin_type'),
    /** monthly or yearly for a membership, '' for a coin pack. */
    period_unit: zOneOf('period_unit', PAYMENT_PERIODS),
    service_kind: zOneOf('service_kind', PAYMENT_TYPES),
    /** Plan name lowercased and trimmed ('ai master'); normalised here as well. */
    service_title: zText('service_title')
      .trim()
      .toLowerCase()
      .max(64, { error: 'service_title must be at most 64 characters' }),
    /** Accepts a number or the decimal text toFixed(8) produces. */
    request_coin_cnt: z
      .union([z.number(), z.string().trim().regex(DECIMAL, { error: COIN_AMOUNT_MESSAGE })], {
        error: COIN_AMOUNT_MESSAGE,
      })
      .transform(Number)
      .pipe(
        z
          .number()
          .positive({ error: COIN_AMOUNT_MESSAGE })
          .refine((n) => Number(n.toFixed(CRYPTO.amountDecimals)) === n, { error: COIN_AMOUNT_MESSAGE }),
      ),
  })
  .superRefine((body, ctx) => {
    if (body.service_kind !== 'membership') return;
    if (!findPlan(body.service_title)) {
      ctx.addIssue({ code: 'custom', path: ['service_title'], message: 'service_title must name a membership plan' });
    }
    if (body.period_unit === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['period_unit'],
        message: 'period_unit must be monthly or yearly for a membership',
      });
    }
  })
  .meta({
    // An example for the API document (docs/api.md); examples.test.ts parses it with this schema.
    example: {
      coin_type: 'BTC',
      period_unit: 'monthly',
      service_kind: 'membership',
      service_title: 'premium',
      request_coin_cnt: '0.00021500',
    },
  });
export type TCreateWalletRequest = z.input<typeof ZCreateWalletRequest>;
export type TCreateWalletRequestParsed = z.output<typeof ZCreateWalletRequest>;

/** The spec's entity name (wallet create request). */
export const ZWalletCreateRequest = ZCreateWalletRequest;
export type TWalletCreateRequest = TCreateWalletRequest;

export const ZCreateWalletResponse = z.object({
  wallet_address: z.string().min(1),
  /** The amount of coin_type to deposit, computed by the server from its own rate. */
  request_coin_cnt: z.number().positive(),
  /** The same amount as exact decimal text (what a copy button should copy). */
  request_coin_text: z.string().min(1),
  /** XRP only: the destination tag the payment must carry (null for BTC and ETH). */
  destination_tag: z.number().int().positive().nullable(),
  /** One line the wallet modal can show as is: amount, address and, for XRP, the tag. */
  instructions: z.string().min(1),
  /** Follow it with GET /api/v2/wallet/deposit/:id or the `deposit` member events. */
  deposit_id: z.string(),
  coin: zCryptoCoin('coin'),
  /** ISO time after which a payment counts as late (docs/payments-crypto.md). */
  expires_at: z.string(),
  /** True when the address comes from the public demo keys: never send real funds to it. */
  is_demo: z.boolean(),
});
export type TCreateWalletResponse = z.infer<typeof ZCreateWalletResponse>;

export const ZWalletCreateResponse = ZCreateWalletResponse;
export type TWalletCreateResponse = TCreateWalletResponse;
