// NOWPayments payment statuses onto the deposit lifecycle of docs/payments-crypto.md ("Lifecycle and
// outcomes"), and what one IPN does to a deposit given where the deposit already is. IPNs may repeat
// (NOWPayments resends on errors, support can resend from the dashboard) and arrive out of order, so
// each decision depends on the deposit's current state, never on the previous IPN: a status only moves
// forward, a credited or closed deposit never changes again (as in services/deposits/settle-deposit.ts),
// and the credit's ledger key names the NOWPayments payment (`nowpayments:{payment_id}`).
//
// The status and outcome names are the deposit's own (prisma DepositStatus / DepositOutcome and
// services/deposits/deposit-state.ts; a provider may not import a service, so status.test.ts checks at
// compile time that these unions are the same).

/** The statuses of NOWPayments' "Get payment status" documentation, in lifecycle order. */
export const NOWPAYMENTS_STATUSES = [
  'waiting',
  'confirming',
  'confirmed',
  'sending',
  'partially_paid',
  'finished',
  'failed',
  'refunded',
  'expired',
] as const;
export type NowPaymentsStatus = (typeof NOWPAYMENTS_STATUSES)[number];

export type DepositStatusName = 'pending' | 'seen' | 'confirmed' | 'credited' | 'expired' | 'failed';
export type DepositOutcomeName = 'underpaid' | 'overpaid' | 'late';

/**
 * The deposit a status alone stands for. confirming = funds seen on chain, not final (the modal's
 * "seen"); confirmed and sending = final on chain, on their way to the merchant (not yet credited);
 * partially_paid = too little arrived (review, like an underpaid deposit); refunded = the money went
 * back, nothing granted (the deposit's "failed": closed without crediting, refunded or abandoned).
 */
export const NOWPAYMENTS_STATUS_MAP: Record<
  NowPaymentsStatus,
  { status: DepositStatusName; outcome: DepositOutcomeName | null }
> = {
  waiting: { status: 'pending', outcome: null },
  confirming: { status: 'seen', outcome: null },
  confirmed: { status: 'confirmed', outcome: null },
  sending: { status: 'confirmed', outcome: null },
  partially_paid: { status: 'confirmed', outcome: 'underpaid' },
  finished: { status: 'credited', outcome: null },
  failed: { status: 'expired', outcome: null },
  expired: { status: 'expired', outcome: null },
  refunded: { status: 'failed', outcome: null },
};

/** The ledger idempotency key of a credit: one NOWPayments payment grants at most once. */
export function nowPaymentsCreditKey(paymentId: string): string {
  return `nowpayments:${paymentId}`;
}

export interface NowPaymentsDepositState {
  status: DepositStatusName;
  outcome: DepositOutcomeName | null;
  needsReview: boolean;
}

export interface NowPaymentsUpdateFacts {
  paymentId: string;
  status: NowPaymentsStatus | null;
  /** Decimal text in the pay currency (ipn.ts). */
  payAmount: string | null;
  actuallyPaid: string | null;
}

export type NowPaymentsDecision =
  | {
      action: 'ignore';
      reason: 'unknown-status' | 'already-credited' | 'closed' | 'stale' | 'unchanged';
    }
  | {
      /** Write status, outcome and needsReview; grant nothing. */
      action: 'update';
      status: DepositStatusName;
      outcome: DepositOutcomeName | null;
      needsReview: boolean;
    }
  | {
      /** Grant the purchase with creditKey in the same transaction as status 'credited'. */
      action: 'credit';
      status: 'credited';
      outcome: 'overpaid' | null;
      needsReview: boolean;
      creditKey: string;
      /** Paid beyond the amount plus tolerance, in the pay currency: what support refunds. */
      excess: string | null;
    };

const RANK: Record<DepositStatusName, number> = {
  pending: 0,
  expired: 0,
  seen: 1,
  confirmed: 2,
  credited: 3,
  failed: 3,
};

const SCALE = 18;

/** Decimal text as an integer of 10^-18 (digits beyond are dropped: far below any coin's unit). */
function scaled(text: string): bigint {
  const [whole = '0', fraction = ''] = text.replace(/^-/, '').split('.');
  const value = BigInt(whole) * 10n ** BigInt(SCALE) + BigInt(fraction.slice(0, SCALE).padEnd(SCALE, '0') || '0');
  return text.startsWith('-') ? -value : value;
}

function unscaled(value: bigint): string {
  const digits = value.toString().padStart(SCALE + 1, '0');
  const text = `${digits.slice(0, -SCALE)}.${digits.slice(-SCALE)}`;
  return text.replace(/\.?0+$/, '');
}

/**
 * The next state of a deposit after one NOWPayments update. `tolerancePercent` is
 * DEPOSIT_PAYMENT_TOLERANCE_PERCENT: beyond it, a finished payment is credited as overpaid (review).
 */
export function decideNowPaymentsUpdate(
  current: NowPaymentsDepositState,
  update: NowPaymentsUpdateFacts,
  tolerancePercent: number,
): NowPaymentsDecision {
  if (update.status === null) return { action: 'ignore', reason: 'unknown-status' };
  const next = (status: DepositStatusName, outcome: DepositOutcomeName | null, needsReview: boolean) =>
    status === current.status && outcome === current.outcome && needsReview === current.needsReview
      ? ({ action: 'ignore', reason: 'unchanged' } as const)
      : ({ action: 'update', status, outcome, needsReview } as const);

  if (current.status === 'credited') {
    // Coins were granted and the money went back: support decides whether to take them back.
    if (update.status === 'refunded') return next('credited', current.outcome, true);
    return { action: 'ignore', reason: 'already-credited' };
  }
  if (current.status === 'failed') return { action: 'ignore', reason: 'closed' };

  const paid = update.actuallyPaid !== null && scaled(update.actuallyPaid) > 0n;
  switch (update.status) {
    case 'finished': {
      let excess: string | null = null;
      if (update.payAmount !== null && update.actuallyPaid !== null) {
        const asked = scaled(update.payAmount);
        const got = scaled(update.actuallyPaid);
        // Percent in hundredths, so 0.5 % stays an integer ratio.
        const tolerance = (asked * BigInt(Math.round(tolerancePercent * 100))) / 10_000n;
        if (got > asked + tolerance) excess = unscaled(got - asked);
      }
      return {
        action: 'credit',
        status: 'credited',
        outcome: excess ? 'overpaid' : null,
        needsReview: excess !== null,
        creditKey: nowPaymentsCreditKey(update.paymentId),
        excess,
      };
    }
    case 'refunded':
      // The money is back with the buyer: nothing to grant, nothing left to review.
      return next('failed', current.outcome, false);
    case 'partially_paid':
      return next('confirmed', 'underpaid', true);
    case 'failed':
    case 'expired':
      // Nothing arrived: the deposit expired. Money arrived and NOWPayments gave up: keep the deposit
      // where it is (a status never goes back) and let support look.
      if (RANK[current.status] === 0) return next('expired', current.outcome, current.needsReview || paid);
      return next(current.status, current.outcome, true);
    default: {
      const mapped = NOWPAYMENTS_STATUS_MAP[update.status].status;
      if (RANK[mapped] <= RANK[current.status]) {
        return mapped === current.status
          ? { action: 'ignore', reason: 'unchanged' }
          : { action: 'ignore', reason: 'stale' };
      }
      return next(mapped, current.outcome, current.needsReview);
    }
  }
}
