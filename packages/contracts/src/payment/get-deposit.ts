// GET /api/v2/wallet/deposit/:id (bearer, the deposit's member): where a crypto deposit stands. The
// wallet modal follows `deposit` member events and falls back to polling this.
import { z } from 'zod';
import { zCount } from '../common.ts';
import { zCryptoCoin } from './common.ts';

/** pending (address handed out) | seen (not final yet) | confirmed | credited | expired | failed. */
export const DEPOSIT_STATUSES = ['pending', 'seen', 'confirmed', 'credited', 'expired', 'failed'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
/** null when the amount was right and on time (docs/payments-crypto.md). */
export const DEPOSIT_OUTCOMES = ['underpaid', 'overpaid', 'late'] as const;
export type DepositOutcome = (typeof DEPOSIT_OUTCOMES)[number];

export const ZGetDepositParams = z.object({ id: z.uuid({ error: 'id must be a deposit id' }) });
export type TGetDepositParams = z.input<typeof ZGetDepositParams>;

export const ZGetDepositResponse = z.object({
  deposit_id: z.string(),
  coin: zCryptoCoin('coin'),
  status: z.enum(DEPOSIT_STATUSES),
  outcome: z.enum(DEPOSIT_OUTCOMES).nullable(),
  wallet_address: z.string(),
  destination_tag: z.number().int().positive().nullable(),
  /** Decimal text in coin units. */
  requested: z.string(),
  /** Seen so far, final or not. */
  received: z.string(),
  /** Part of `received` with enough confirmations. */
  confirmed: z.string(),
  /** Coins the deposit grants once credited. */
  coins: zCount('coins'),
  expires_at: z.string(),
  seen_at: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  credited_at: z.string().nullable(),
  /** Support is looking at it (underpaid, overpaid or late and not covered). */
  needs_review: z.boolean(),
});
export type TGetDepositResponse = z.infer<typeof ZGetDepositResponse>;
