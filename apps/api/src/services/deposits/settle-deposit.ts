// Applies what a watcher saw to one deposit, in one transaction with the row locked: the new state,
// and when it is complete the grant (fulfilPurchase, same transaction), so a deposit is credited once
// however many watcher runs race. Events go out after the commit.
import type { BillingPeriod } from '@velvet/contracts/catalog';
import type { TMemberEvent } from '@velvet/contracts/events/member-event';
import type { CryptoCoin } from '@velvet/contracts/options';
import type { Logger } from 'pino';
import type { DatabaseTransaction } from '../../db/client.ts';
import type { DepositObservation } from '../../providers/chains/index.ts';
import { decimalToUnits, displayAmount, quoteUnits, unitsToDecimal } from '../../providers/chains/amounts.ts';
import { lockDeposit, updateDeposit, type DepositRow } from '../../repositories/deposit.repository.ts';
import { tryPublishMemberEvent } from '../events/member-events.ts';
import { coinPackPurchase, membershipPurchase, type Purchase } from '../payments/catalog.ts';
import { fulfilPurchase, type Fulfilment } from '../payments/fulfil-purchase.ts';
import type { DepositDeps } from './deps.ts';
import {
  creditKey,
  decideDeposit,
  mergePayments,
  parseStoredPayments,
  statusSteps,
  type Decision,
  type DepositOutcome,
  type DepositStatus,
  type StoredPayment,
} from './deposit-state.ts';
import { currentUsdRate } from './rates.ts';

export function purchaseOfDeposit(
  row: Pick<DepositRow, 'serviceKind' | 'serviceTitle' | 'periodUnit' | 'coins'>,
): Purchase {
  return row.serviceKind === 'membership'
    ? membershipPurchase(row.serviceTitle, (row.periodUnit || 'monthly') as BillingPeriod, 'service_title')
    : coinPackPurchase(row.coins, 'service_title');
}

export function depositEvent(
  row: Pick<DepositRow, 'id' | 'coin' | 'requestedAmount' | 'receivedAmount' | 'outcome'>,
  status: DepositStatus,
  fulfilment?: Fulfilment,
): Extract<TMemberEvent, { type: 'deposit' }> {
  const coin = row.coin as CryptoCoin;
  return {
    type: 'deposit',
    deposit_id: row.id,
    coin,
    status,
    received: unitsToDecimal(decimalToUnits(row.receivedAmount?.toFixed() ?? '0', coin), coin),
    requested: displayAmount(decimalToUnits(row.requestedAmount.toFixed(), coin), coin),
    outcome: row.outcome,
    ...(fulfilment ? { cur_tokens: fulfilment.balance, member_kind: fulfilment.memberKind } : {}),
  };
}

function stateOf(row: DepositRow) {
  const coin = row.coin as CryptoCoin;
  return {
    coin,
    address: row.address,
    status: row.status as DepositStatus,
    outcome: row.outcome as DepositOutcome | null,
    needsReview: row.needsReview,
    requested: decimalToUnits(row.requestedAmount.toFixed(), coin),
    expiresAt: row.expiresAt,
    seenAt: row.seenAt,
    confirmedAt: row.confirmedAt,
  };
}

export interface SettleResult {
  from: DepositStatus;
  to: DepositStatus;
  credited: boolean;
}

/**
 * Settles one deposit against an observation (null: no chain view, only the clock: expiry). A late
 * payment is priced again at the current rate, fetched outside the transaction.
 */
export async function settleDeposit(
  deps: DepositDeps,
  depositId: string,
  observation: DepositObservation | null,
  log: Logger,
  now = new Date(),
): Promise<SettleResult | null> {
  let requiredNow: bigint | null | undefined;
  for (let round = 0; round < 2; round++) {
    const outcome = await deps.db.$transaction(async (tx) => {
      const row = await lockDeposit(tx, depositId);
      // Settled already (by a racing run, or support): nothing may change any more.
      if (!row || row.status === 'credited' || row.status === 'failed') return null;
      const coin = row.coin as CryptoCoin;
      const stored = parseStoredPayments(row.payments);
      const payments = observation ? mergePayments(coin, row.createdAt, stored, observation, now) : stored;
      const decision = decideDeposit(
        stateOf(row),
        payments,
        now,
        deps.config.DEPOSIT_PAYMENT_TOLERANCE_PERCENT,
        requiredNow,
      );
      if (decision.needsCurrentQuote) return { needsQuote: true as const, row };
      return { needsQuote: false as const, ...(await applyDecision(tx, row, payments, decision, now)) };
    });
    if (!outcome) return null;
    if (outcome.needsQuote) {
      requiredNow = await quoteNow(deps, outcome.row, log);
      continue;
    }
    for (const event of outcome.events) await tryPublishMemberEvent(deps.redis, outcome.memberId, event);
    if (outcome.fulfilment?.granted) {
      await tryPublishMemberEvent(deps.redis, outcome.memberId, {
        type: 'balance',
        cur_tokens: outcome.fulfilment.balance,
      });
    }
    return { from: outcome.from, to: outcome.to, credited: outcome.fulfilment?.granted ?? false };
  }
  return null;
}

async function quoteNow(deps: DepositDeps, row: DepositRow, log: Logger): Promise<bigint | null> {
  try {
    const rate = await currentUsdRate(deps, row.coin as CryptoCoin);
    return quoteUnits(row.usdAmountCents, rate.usdPerCoin, row.coin as CryptoCoin);
  } catch (err) {
    log.warn({ err, depositId: row.id }, 'no current rate for a late deposit: left for review');
    return null;
  }
}

async function applyDecision(
  tx: DatabaseTransaction,
  row: DepositRow,
  payments: StoredPayment[],
  decision: Decision,
  now: Date,
) {
  const coin = row.coin as CryptoCoin;
  let fulfilment: Fulfilment | undefined;
  let status = decision.status;
  if (decision.credit && decision.completing) {
    fulfilment = await fulfilPurchase(
      tx,
      row.memberId,
      purchaseOfDeposit(row),
      creditKey(coin, row.address, decision.completing),
      row.id,
      now,
    );
    status = 'credited';
  }
  const from = row.status as DepositStatus;
  const data = {
    status,
    outcome: decision.outcome,
    needsReview: decision.needsReview,
    seenAt: decision.seenAt,
    confirmedAt: decision.confirmedAt,
    creditedAt: status === 'credited' ? now : null,
    receivedAmount: decision.received > 0n || row.receivedAmount ? unitsToDecimal(decision.received, coin) : null,
    confirmedAmount: decision.confirmed > 0n || row.confirmedAmount ? unitsToDecimal(decision.confirmed, coin) : null,
    excessAmount: decision.excess !== null ? unitsToDecimal(decision.excess, coin) : null,
    txid: decision.completing?.txid ?? row.txid,
    payments,
  };
  // Most runs see nothing new: skip the write (the watcher visits every open deposit each run).
  if (!fulfilment && sameState(row, data)) return { memberId: row.memberId, from, to: from, events: [], fulfilment };
  const updated = await updateDeposit(tx, row.id, { ...data, payments: payments as unknown as object[] });
  const steps = statusSteps(from, status);
  const changed =
    steps.length > 0 ||
    updated.outcome !== row.outcome ||
    !(updated.receivedAmount?.equals(row.receivedAmount ?? -1) ?? row.receivedAmount === null);
  const events = steps.map((s) => depositEvent(updated, s, s === 'credited' ? fulfilment : undefined));
  if (events.length === 0 && changed) events.push(depositEvent(updated, status));
  return { memberId: row.memberId, from, to: status, events, fulfilment };
}

function samePayments(a: StoredPayment[], b: StoredPayment[]): boolean {
  // Compared field by field: JSONB does not keep an object's key order.
  return (
    a.length === b.length &&
    a.every((p, i) => {
      const q = b[i]!;
      return (
        p.key === q.key &&
        p.txid === q.txid &&
        p.output === q.output &&
        p.amount === q.amount &&
        p.confirmations === q.confirmations &&
        p.final === q.final &&
        p.first_seen_at === q.first_seen_at
      );
    })
  );
}

function sameState(
  row: DepositRow,
  data: {
    status: DepositStatus;
    outcome: DepositOutcome | null;
    needsReview: boolean;
    seenAt: Date | null;
    confirmedAt: Date | null;
    receivedAmount: string | null;
    confirmedAmount: string | null;
    excessAmount: string | null;
    txid: string | null;
    payments: StoredPayment[];
  },
): boolean {
  const coin = row.coin as CryptoCoin;
  const same = (text: string | null, stored: { toFixed(): string } | null) =>
    text === null || stored === null
      ? text === null && stored === null
      : decimalToUnits(text, coin) === decimalToUnits(stored.toFixed(), coin);
  return (
    row.status === data.status &&
    row.outcome === data.outcome &&
    row.needsReview === data.needsReview &&
    row.seenAt?.getTime() === data.seenAt?.getTime() &&
    row.confirmedAt?.getTime() === data.confirmedAt?.getTime() &&
    same(data.receivedAmount, row.receivedAmount) &&
    same(data.confirmedAmount, row.confirmedAmount) &&
    same(data.excessAmount, row.excessAmount) &&
    row.txid === data.txid &&
    samePayments(parseStoredPayments(row.payments), data.payments)
  );
}
