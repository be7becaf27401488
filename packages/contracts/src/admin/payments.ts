// Card payments for the support console (issue 15; support or admin bearer): GET /api/admin/payments
// lists what the card processors recorded (status, member, amount, processor ids), newest first with
// keyset paging, filtered by status, kind and view ('reversals': refunds, disputes and partial refunds
// waiting for a person), searched by member email. Read-only: refunds and disputes arrive from the
// processor's webhook (docs/payments.md); support follows up on the shortfalls shown here.
import { z } from 'zod';
import { zOneOf, zQuery, zText } from '../common.ts';
import { ZConsolePageQuery, zConsolePage } from './paging.ts';

export const CARD_PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'canceled', 'refunded'] as const;
export const CARD_PAYMENT_KINDS = ['coin', 'membership'] as const;
export const CARD_PAYMENT_VIEWS = ['all', 'reversals'] as const;
/** How a payment was taken back: a full refund, a dispute (chargeback), or a partial refund to review. */
export const CARD_PAYMENT_REVERSALS = ['refund', 'dispute', 'partial_refund'] as const;

export const ZListPaymentsRequest = ZConsolePageQuery.extend({
  status: zQuery(zOneOf('status', CARD_PAYMENT_STATUSES).optional()),
  kind: zQuery(zOneOf('kind', CARD_PAYMENT_KINDS).optional()),
  view: zQuery(zOneOf('view', CARD_PAYMENT_VIEWS).default('all')),
  /** Part of the member's email (their member id). */
  search: zQuery(zText('search').trim().max(320, { error: 'search must be at most 320 characters' }).optional()),
});
export type TListPaymentsRequest = z.input<typeof ZListPaymentsRequest>;
export type TListPaymentsRequestParsed = z.output<typeof ZListPaymentsRequest>;

export const ZCardPaymentItem = z.object({
  id: z.string(),
  /** 'stripe', 'fake' ... */
  provider: z.string(),
  /** The processor's id (payment intent or checkout session): what to search in its dashboard. */
  provider_ref: z.string(),
  member_id: z.string(),
  kind: z.enum(CARD_PAYMENT_KINDS),
  plan_name: z.string().nullable(),
  billing_period: z.string().nullable(),
  coins: z.number().int().nonnegative(),
  amount_cents: z.number().int().nonnegative(),
  currency: z.string(),
  status: z.enum(CARD_PAYMENT_STATUSES),
  failure_reason: z.string().nullable(),
  reversal: z.enum(CARD_PAYMENT_REVERSALS).nullable(),
  /** Coins taken back after a refund or dispute. */
  reversed_coins: z.number().int().nonnegative(),
  /** Coins that could not be taken back (already spent): support follows up. */
  shortfall_coins: z.number().int().nonnegative(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type TCardPaymentItem = z.infer<typeof ZCardPaymentItem>;

export const ZListPaymentsResponse = zConsolePage(ZCardPaymentItem);
export type TListPaymentsResponse = z.infer<typeof ZListPaymentsResponse>;
