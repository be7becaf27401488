// The deposit rules, as pure functions of a deposit and the payments seen (docs/payments-crypto.md):
//
// - Several payments to one deposit add up. The watcher keeps every payment it saw (txid, output,
//   amount, confirmations, when first seen) and sums them; only final ones (enough confirmations,
//   a validated ledger for XRP) count towards crediting.
// - Credited when the final sum reaches the request minus the payment tolerance. The ledger key names
//   the payment that completed the sum: deposit:<coin>:<txid>:<output> (ETH: the address, output 0).
// - Overpaid: more than the request plus the tolerance was seen: credited, excess recorded, review.
// - Underpaid: at the expiry the final sum is short and nothing else is on its way: not credited,
//   review. A top-up while the deposit is still watched completes it (as a late payment).
// - Late: the payment that completed the sum was first seen after the expiry. It is credited only if
//   the final sum is still worth the price at the current rate; otherwise (or with no rate) review.
// - Expired: nothing arrived by the expiry. Still watched for DEPOSIT_LATE_WATCH_HOURS.
import type { CryptoCoin } from '@velvet/contracts/options';
import type { DepositObservation } from '../../providers/chains/index.ts';
import { decimalToUnits, percentOf, unitsToDecimal } from '../../providers/chains/amounts.ts';

export type DepositStatus = 'pending' | 'seen' | 'confirmed' | 'credited' | 'expired' | 'failed';
export type DepositOutcome = 'underpaid' | 'overpaid' | 'late';

/** One payment as kept in crypto_deposits.payments (JSON). */
export interface StoredPayment {
  txid: string | null;
  output: number;
  key: string;
  /** Decimal text in coin units. */
  amount: string;
  confirmations: number;
  final: boolean;
  first_seen_at: string;
}

/**
 * Payments dated this long before the deposit existed belong to an earlier user of the address or
 * tag (a restored database, the public demo addresses), not to this deposit. Bitcoin block times may
 * run up to two hours off.
 */
const HISTORY_MARGIN_MS: Record<CryptoCoin, number> = { BTC: 2 * 3_600_000, ETH: 0, XRP: 10 * 60_000 };

export function parseStoredPayments(value: unknown): StoredPayment[] {
  return Array.isArray(value) ? (value as StoredPayment[]) : [];
}

/** The deposit's payments after an observation: a snapshot replaces, an increment adds. */
export function mergePayments(
  coin: CryptoCoin,
  createdAt: Date,
  stored: StoredPayment[],
  observation: DepositObservation,
  now: Date,
): StoredPayment[] {
  const previous = new Map(stored.map((p) => [p.key, p]));
  // Balance parts (no txid, ETH) carry no arrival time of their own. While the balance stays the
  // same, money only moves from pending to final: it arrived when the latest part it came from did.
  // A balance that grew got new money now (a late top-up must not inherit an on-time payment's time).
  const storedBalance = stored.filter((p) => p.txid === null);
  const balanceSince = storedBalance
    .map((p) => p.first_seen_at)
    .sort()
    .at(-1);
  const balanceGrew =
    sumUnits(observation.payments.filter((p) => p.txid === null).map((p) => p.amount)) >
    sumUnits(storedBalance.map((p) => decimalToUnits(p.amount, coin)));
  const balanceTime = (key: string, amount: string) => {
    const before = previous.get(key);
    if (before?.amount === amount) return before.first_seen_at;
    return balanceGrew ? undefined : balanceSince;
  };
  // Payments keep the order in which this deposit first recorded them (ties in time go by it).
  const position = (key: string) => {
    const i = stored.findIndex((p) => p.key === key);
    return i < 0 ? stored.length : i;
  };
  const fresh = [...observation.payments]
    .sort((a, b) => position(a.key) - position(b.key) || (a.chainTime?.getTime() ?? 0) - (b.chainTime?.getTime() ?? 0))
    .filter((p) => !p.chainTime || p.chainTime.getTime() >= createdAt.getTime() - HISTORY_MARGIN_MS[coin])
    .map<StoredPayment>((p) => {
      const amount = unitsToDecimal(p.amount, coin);
      const firstSeen =
        (p.txid === null ? balanceTime(p.key, amount) : previous.get(p.key)?.first_seen_at) ??
        new Date(Math.min(now.getTime(), p.chainTime?.getTime() ?? now.getTime())).toISOString();
      return {
        txid: p.txid,
        output: p.output,
        key: p.key,
        amount,
        confirmations: p.confirmations,
        final: p.final,
        first_seen_at: firstSeen,
      };
    });
  if (observation.mode === 'snapshot') return fresh;
  // Map keeps insertion order: stored payments first, new ones after.
  const merged = new Map(previous);
  for (const p of fresh) merged.set(p.key, p);
  return [...merged.values()];
}

function sumUnits(values: bigint[]): bigint {
  return values.reduce((total, value) => total + value, 0n);
}

/** Final payments in order of arrival (a stable sort keeps the recorded order for equal times). */
export function finalPaymentsInOrder(payments: StoredPayment[]): StoredPayment[] {
  return payments.filter((p) => p.final).sort((a, b) => a.first_seen_at.localeCompare(b.first_seen_at));
}

export interface DepositState {
  coin: CryptoCoin;
  address: string;
  status: DepositStatus;
  outcome: DepositOutcome | null;
  needsReview: boolean;
  requested: bigint;
  expiresAt: Date;
  seenAt: Date | null;
  confirmedAt: Date | null;
}

export interface Decision {
  status: DepositStatus;
  outcome: DepositOutcome | null;
  needsReview: boolean;
  seenAt: Date | null;
  confirmedAt: Date | null;
  received: bigint;
  confirmed: bigint;
  excess: bigint | null;
  /** The payment whose arrival completed the amount (its txid goes into the ledger key). */
  completing: StoredPayment | null;
  /** Grant the purchase now. */
  credit: boolean;
  /** A late payment: decided only with the current rate (`requiredNow`); call again with it. */
  needsCurrentQuote: boolean;
}

const RANK: Record<DepositStatus, number> = { pending: 0, expired: 0, seen: 1, confirmed: 2, credited: 3, failed: 3 };

export function creditKey(coin: CryptoCoin, address: string, payment: StoredPayment): string {
  return `deposit:${coin}:${payment.txid ?? address}:${payment.output}`;
}

/**
 * The next state of a deposit. `requiredNow` is the request priced again at the current rate; only
 * a late payment needs it (undefined: not fetched yet, null: no rate available).
 */
export function decideDeposit(
  state: DepositState,
  payments: StoredPayment[],
  now: Date,
  tolerancePercent: number,
  requiredNow?: bigint | null,
): Decision {
  const units = (p: StoredPayment) => decimalToUnits(p.amount, state.coin);
  const received = payments.reduce((sum, p) => sum + units(p), 0n);
  const finals = finalPaymentsInOrder(payments);
  const confirmed = finals.reduce((sum, p) => sum + units(p), 0n);
  const expired = now.getTime() > state.expiresAt.getTime();
  const tolerance = percentOf(state.requested, tolerancePercent);
  const base: Decision = {
    status: state.status,
    outcome: state.outcome,
    needsReview: state.needsReview,
    seenAt: state.seenAt,
    confirmedAt: state.confirmedAt,
    received,
    confirmed,
    excess: null,
    completing: null,
    credit: false,
    needsCurrentQuote: false,
  };
  if (state.status === 'credited' || state.status === 'failed') return base;

  if (received === 0n) {
    // Nothing (any more: a mempool transaction can be dropped): waiting, or expired.
    if (RANK[state.status] <= RANK.seen) base.status = expired ? 'expired' : 'pending';
    return base;
  }

  const seenAt = state.seenAt ?? now;
  base.seenAt = seenAt;
  if (RANK[state.status] < RANK.seen) base.status = 'seen';
  if (seenAt.getTime() > state.expiresAt.getTime() && base.outcome === null) base.outcome = 'late';

  // The final payment that brought the sum to the request (minus tolerance), in order of arrival.
  let sum = 0n;
  const completing = finals.find((p) => (sum += units(p)) >= state.requested - tolerance) ?? null;

  if (!completing) {
    const onItsWay = received > confirmed;
    if (expired && !onItsWay) {
      base.status = 'confirmed';
      base.confirmedAt = state.confirmedAt ?? now;
      base.outcome = 'underpaid';
      base.needsReview = true;
    }
    return base;
  }

  base.status = 'confirmed';
  base.confirmedAt = state.confirmedAt ?? now;
  base.completing = completing;
  const overpaid = received > state.requested + tolerance;
  base.excess = overpaid ? received - state.requested : null;
  const late = new Date(completing.first_seen_at).getTime() > state.expiresAt.getTime();

  if (late) {
    base.outcome = 'late';
    if (requiredNow === undefined) {
      base.needsCurrentQuote = true;
      return base;
    }
    const coveredNow = requiredNow !== null && confirmed >= requiredNow - percentOf(requiredNow, tolerancePercent);
    if (!coveredNow) {
      base.needsReview = true;
      return base;
    }
    base.credit = true;
    base.needsReview = overpaid;
    return base;
  }

  base.credit = true;
  base.outcome = overpaid ? 'overpaid' : null;
  base.needsReview = overpaid;
  return base;
}

/** The statuses a deposit passed through from `from` to `to`, for one event each. */
export function statusSteps(from: DepositStatus, to: DepositStatus): DepositStatus[] {
  if (from === to) return [];
  if (to === 'expired' || to === 'pending' || to === 'failed') return [to];
  const order: DepositStatus[] = ['seen', 'confirmed', 'credited'];
  return order.filter((s) => RANK[s] > RANK[from] && RANK[s] <= RANK[to]);
}
