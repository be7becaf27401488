// GET /api/admin/payments: card payments as the processors left them (issue 15, console "Deposits and
// payments"): status, member, amount, processor ids, and how a payment was taken back (a refund or a
// dispute arrives by webhook, handle-card-webhook.ts; a partial refund waits for a person).
import type {
  TCardPaymentItem,
  TListPaymentsRequestParsed,
  TListPaymentsResponse,
} from '@velvet/contracts/admin/payments';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import { decodeConsoleCursor, nextConsoleCursor } from '../../lib/console-cursor.ts';
import { listCardPayments } from '../../repositories/payment.repository.ts';
import type { PaymentRow } from './card-payment-common.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The failure reasons handle-card-webhook.ts writes: 'refunded', 'disputed', 'partial refund of ...'. */
function reversalOf(row: PaymentRow): TCardPaymentItem['reversal'] {
  if (row.failureReason?.startsWith('partial refund')) return 'partial_refund';
  if (row.status !== 'refunded') return null;
  return row.failureReason === 'disputed' ? 'dispute' : 'refund';
}

function toItem(row: PaymentRow): TCardPaymentItem {
  return {
    id: row.id,
    provider: row.provider,
    provider_ref: row.providerRef,
    member_id: row.memberId,
    kind: row.kind,
    plan_name: row.planName,
    billing_period: row.billingPeriod,
    coins: row.coins,
    amount_cents: row.amountCents,
    currency: row.currency,
    status: row.status,
    failure_reason: row.failureReason,
    reversal: reversalOf(row),
    reversed_coins: row.reversedCoins,
    shortfall_coins: row.shortfallCoins,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

export async function listCardPaymentsForSupport(
  db: Database,
  query: TListPaymentsRequestParsed,
): Promise<TListPaymentsResponse> {
  const after = query.cursor ? decodeConsoleCursor(query.cursor) : undefined;
  if (after && !UUID.test(after.id)) throw badRequest('cursor is not valid: start again from the first page', 'cursor');
  const rows = await listCardPayments(db, {
    status: query.status,
    kind: query.kind,
    reversalsOnly: query.view === 'reversals',
    search: query.search,
    after,
    take: query.limit + 1,
  });
  const page = nextConsoleCursor(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
  return { status: 'ok', items: page.items.map(toItem), next_cursor: page.next_cursor };
}
