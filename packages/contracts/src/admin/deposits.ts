// The support team's view of crypto deposits (support or admin bearer; docs/payments-crypto.md):
// GET /api/admin/deposits?needs_review=true&status=&outcome=&coin=&search=&limit=&cursor= (newest first;
// `cursor` is keyset paging, the older `page` still works without it) and
// PATCH /api/admin/deposits/:id { action: 'credit' | 'refuse' | 'close', note } after a review.
import { z } from 'zod';
import { zOneOf, zQuery, zQueryPage, zText } from '../common.ts';
import { CRYPTO_COINS } from '../options.ts';
import { DEPOSIT_OUTCOMES, DEPOSIT_STATUSES } from '../payment/get-deposit.ts';

export const ZListDepositsRequest = z.object({
  page: zQueryPage('page', 100_000, 1),
  limit: zQueryPage('limit', 100, 20),
  needs_review: zQuery(
    zOneOf('needs_review', ['true', 'false'] as const)
      .transform((v) => v === 'true')
      .optional(),
  ),
  status: zQuery(zOneOf('status', DEPOSIT_STATUSES).optional()),
  coin: zQuery(zOneOf('coin', CRYPTO_COINS).optional()),
  outcome: zQuery(zOneOf('outcome', DEPOSIT_OUTCOMES).optional()),
  /** Part of the member's email (their member id). */
  search: zQuery(zText('search').trim().max(320, { error: 'search must be at most 320 characters' }).optional()),
  /** The `next_cursor` of the previous page (opaque); `page` is then ignored. */
  cursor: zQuery(zText('cursor').max(200, { error: 'cursor is not valid' }).optional()),
});
export type TListDepositsRequest = z.input<typeof ZListDepositsRequest>;
export type TListDepositsRequestParsed = z.output<typeof ZListDepositsRequest>;

export const ZDepositPayment = z.object({
  /** null for ETH, whose watcher reads balances (docs/payments-crypto.md). */
  txid: z.string().nullable(),
  output: z.number().int(),
  amount: z.string(),
  confirmations: z.number().int().nonnegative(),
  final: z.boolean(),
  first_seen_at: z.string(),
});
export type TDepositPayment = z.infer<typeof ZDepositPayment>;

export const ZDepositItem = z.object({
  id: z.string(),
  member_id: z.string(),
  coin: z.enum(CRYPTO_COINS),
  address: z.string(),
  destination_tag: z.number().int().nullable(),
  derivation_index: z.number().int().nullable(),
  service_kind: z.string(),
  service_title: z.string(),
  period_unit: z.string(),
  coins: z.number().int().nonnegative(),
  usd_amount_cents: z.number().int().nonnegative(),
  usd_per_coin: z.string().nullable(),
  rate_source: z.string().nullable(),
  requested: z.string(),
  received: z.string(),
  confirmed: z.string(),
  /** Overpaid: what support refunds. */
  excess: z.string().nullable(),
  txid: z.string().nullable(),
  payments: z.array(ZDepositPayment),
  status: z.enum(DEPOSIT_STATUSES),
  outcome: z.enum(DEPOSIT_OUTCOMES).nullable(),
  needs_review: z.boolean(),
  review_note: z.string().nullable(),
  reviewed_by: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  seen_at: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  credited_at: z.string().nullable(),
});
export type TDepositItem = z.infer<typeof ZDepositItem>;

export const ZListDepositsResponse = z.object({
  list: z.array(ZDepositItem),
  total_count: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type TListDepositsResponse = z.infer<typeof ZListDepositsResponse>;

export const ZDepositIdParams = z.object({ id: z.uuid({ error: 'id must be a deposit id' }) });

export const DEPOSIT_REVIEW_ACTIONS = ['credit', 'refuse', 'close'] as const;

/**
 * credit: grant the purchase now (an underpayment or late payment support accepts); refuse (or its
 * older name close): nothing to grant (refunded outside the product, or abandoned): a deposit not
 * credited becomes failed. A deposit a person decided already is a 409 naming who and when.
 */
export const ZReviewDepositRequest = z.object({
  action: zOneOf('action', DEPOSIT_REVIEW_ACTIONS),
  note: zText('note')
    .trim()
    .min(1, { error: 'note must not be blank' })
    .max(1000, { error: 'note must be at most 1000 characters' }),
});
export type TReviewDepositRequest = z.input<typeof ZReviewDepositRequest>;
export const ZReviewDepositResponse = z.object({ status: z.literal('ok'), deposit: ZDepositItem });
export type TReviewDepositResponse = z.infer<typeof ZReviewDepositResponse>;
