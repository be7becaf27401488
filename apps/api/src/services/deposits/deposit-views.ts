// A deposit as the member's wallet modal and the support team see it.
import type { TDepositItem, TListDepositsRequestParsed } from '@velvet/contracts/admin/deposits';
import type { CryptoCoin } from '@velvet/contracts/options';
import type { TGetDepositResponse } from '@velvet/contracts/payment/get-deposit';
import { badRequest, notFound } from '../../errors.ts';
import { decodeConsoleCursor, nextConsoleCursor } from '../../lib/console-cursor.ts';
import { decimalToUnits, displayAmount, unitsToDecimal } from '../../providers/chains/amounts.ts';
import { findDeposit, listDeposits, type DepositRow } from '../../repositories/deposit.repository.ts';
import type { DepositDeps } from './deps.ts';
import { parseStoredPayments, type DepositOutcome, type DepositStatus } from './deposit-state.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function amounts(row: DepositRow) {
  const coin = row.coin as CryptoCoin;
  const exact = (value: { toFixed(): string } | null) =>
    unitsToDecimal(decimalToUnits(value?.toFixed() ?? '0', coin), coin);
  return {
    requested: displayAmount(decimalToUnits(row.requestedAmount.toFixed(), coin), coin),
    received: exact(row.receivedAmount),
    confirmed: exact(row.confirmedAmount),
    excess: row.excessAmount ? exact(row.excessAmount) : null,
  };
}

export function memberDepositView(row: DepositRow): TGetDepositResponse {
  const a = amounts(row);
  return {
    deposit_id: row.id,
    coin: row.coin as CryptoCoin,
    status: row.status as DepositStatus,
    outcome: row.outcome as DepositOutcome | null,
    wallet_address: row.address,
    destination_tag: row.destinationTag,
    requested: a.requested,
    received: a.received,
    confirmed: a.confirmed,
    coins: row.coins,
    expires_at: row.expiresAt.toISOString(),
    seen_at: iso(row.seenAt),
    confirmed_at: iso(row.confirmedAt),
    credited_at: iso(row.creditedAt),
    needs_review: row.needsReview,
  };
}

export function supportDepositView(row: DepositRow): TDepositItem {
  const a = amounts(row);
  return {
    id: row.id,
    member_id: row.memberId,
    coin: row.coin as CryptoCoin,
    address: row.address,
    destination_tag: row.destinationTag,
    derivation_index: row.derivationIndex,
    service_kind: row.serviceKind,
    service_title: row.serviceTitle,
    period_unit: row.periodUnit,
    coins: row.coins,
    usd_amount_cents: row.usdAmountCents,
    usd_per_coin: row.usdPerCoin ? row.usdPerCoin.toFixed(8) : null,
    rate_source: row.rateSource,
    requested: a.requested,
    received: a.received,
    confirmed: a.confirmed,
    excess: a.excess,
    txid: row.txid,
    payments: parseStoredPayments(row.payments),
    status: row.status as DepositStatus,
    outcome: row.outcome as DepositOutcome | null,
    needs_review: row.needsReview,
    review_note: row.reviewNote,
    reviewed_by: row.reviewedBy,
    reviewed_at: iso(row.reviewedAt),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    seen_at: iso(row.seenAt),
    confirmed_at: iso(row.confirmedAt),
    credited_at: iso(row.creditedAt),
  };
}

/** GET /api/v2/wallet/deposit/:id: the member's own deposit; 404 for anyone else's. */
export async function getMemberDeposit(deps: DepositDeps, memberId: string, id: string) {
  const row = await findDeposit(deps.db, id);
  if (!row || row.memberId !== memberId) throw notFound('Deposit');
  return memberDepositView(row);
}

export async function listDepositsForSupport(deps: DepositDeps, query: TListDepositsRequestParsed) {
  const after = query.cursor ? decodeConsoleCursor(query.cursor) : undefined;
  if (after && !UUID.test(after.id)) throw badRequest('cursor is not valid: start again from the first page', 'cursor');
  // One row more than the page tells whether another follows (next_cursor).
  const { rows, total } = await listDeposits(
    deps.db,
    {
      needsReview: query.needs_review,
      status: query.status,
      outcome: query.outcome,
      coin: query.coin,
      search: query.search,
    },
    query.page,
    query.limit + 1,
    after,
  );
  const page = nextConsoleCursor(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
  return {
    list: page.items.map(supportDepositView),
    total_count: total,
    page: query.page,
    limit: query.limit,
    next_cursor: page.next_cursor,
  };
}
