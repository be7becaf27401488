import { describe, expect, it } from 'vitest';
import type { DepositOutcome, DepositStatus } from '../../../services/deposits/deposit-state.ts';
import {
  NOWPAYMENTS_STATUSES,
  NOWPAYMENTS_STATUS_MAP,
  decideNowPaymentsUpdate,
  nowPaymentsCreditKey,
  type DepositOutcomeName,
  type DepositStatusName,
  type NowPaymentsDepositState,
  type NowPaymentsStatus,
  type NowPaymentsUpdateFacts,
} from './status.ts';

// Compile-time: the provider's names are exactly the deposit service's (typecheck fails otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const statusNamesMatch: Same<DepositStatusName, DepositStatus> = true;
const outcomeNamesMatch: Same<DepositOutcomeName, DepositOutcome> = true;
void [statusNamesMatch, outcomeNamesMatch];

const TOLERANCE = 0.5;
const PENDING: NowPaymentsDepositState = { status: 'pending', outcome: null, needsReview: false };

const facts = (status: NowPaymentsStatus | null, paid = '0', payment = '5745459419'): NowPaymentsUpdateFacts => ({
  paymentId: payment,
  status,
  payAmount: '0.0004',
  actuallyPaid: paid,
});

/** The deposit row as the wiring keeps it: each decision applied under the row lock; credits counted. */
function run(updates: NowPaymentsUpdateFacts[], start = PENDING) {
  let state = { ...start };
  const credits: string[] = [];
  const trail: string[] = [];
  for (const update of updates) {
    const decision = decideNowPaymentsUpdate(state, update, TOLERANCE);
    if (decision.action === 'credit') credits.push(decision.creditKey);
    if (decision.action !== 'ignore') {
      state = { status: decision.status, outcome: decision.outcome, needsReview: decision.needsReview };
    }
    trail.push(decision.action === 'ignore' ? `ignore:${decision.reason}` : state.status);
  }
  return { state, credits, trail };
}

describe('NOWPayments statuses onto deposit outcomes', () => {
  it('maps every documented status (the list of "Get payment status")', () => {
    const expected: Record<NowPaymentsStatus, [DepositStatusName, DepositOutcomeName | null]> = {
      waiting: ['pending', null],
      confirming: ['seen', null],
      confirmed: ['confirmed', null],
      sending: ['confirmed', null],
      partially_paid: ['confirmed', 'underpaid'],
      finished: ['credited', null],
      failed: ['expired', null],
      refunded: ['failed', null],
      expired: ['expired', null],
    };
    expect([...NOWPAYMENTS_STATUSES].sort()).toEqual(Object.keys(expected).sort());
    for (const status of NOWPAYMENTS_STATUSES) {
      const { status: to, outcome } = NOWPAYMENTS_STATUS_MAP[status];
      expect([status, to, outcome]).toEqual([status, ...expected[status]]);
    }
  });

  it('decides each status for a fresh deposit', () => {
    const decided = Object.fromEntries(
      NOWPAYMENTS_STATUSES.map((s) => {
        const d = decideNowPaymentsUpdate(PENDING, facts(s, s === 'partially_paid' ? '0.0002' : '0'), TOLERANCE);
        return [
          s,
          d.action === 'ignore' ? `ignore:${d.reason}` : `${d.action}:${d.status}:${d.outcome}:${d.needsReview}`,
        ];
      }),
    );
    expect(decided).toEqual({
      waiting: 'ignore:unchanged',
      confirming: 'update:seen:null:false',
      confirmed: 'update:confirmed:null:false',
      sending: 'update:confirmed:null:false',
      partially_paid: 'update:confirmed:underpaid:true',
      finished: 'credit:credited:null:false',
      failed: 'update:expired:null:false',
      refunded: 'update:failed:null:false',
      expired: 'update:expired:null:false',
    });
  });

  it('credits with the key nowpayments:{payment_id}', () => {
    expect(nowPaymentsCreditKey('5745459419')).toBe('nowpayments:5745459419');
    const d = decideNowPaymentsUpdate(PENDING, facts('finished', '0.0004', '42'), TOLERANCE);
    expect(d).toMatchObject({ action: 'credit', creditKey: 'nowpayments:42', excess: null });
  });

  it('follows a full payment and credits once however often finished is repeated', () => {
    const paid = '0.0004';
    const { state, credits, trail } = run([
      facts('waiting'),
      facts('confirming', paid),
      facts('confirmed', paid),
      facts('sending', paid),
      ...Array.from({ length: 20 }, () => facts('finished', paid)),
    ]);
    expect(credits).toEqual(['nowpayments:5745459419']);
    expect(trail.slice(0, 6)).toEqual([
      'ignore:unchanged',
      'seen',
      'confirmed',
      'ignore:unchanged',
      'credited',
      'ignore:already-credited',
    ]);
    expect(state).toEqual({ status: 'credited', outcome: null, needsReview: false });
  });

  it('a finished after a partially_paid credits once and clears the review', () => {
    const { state, credits } = run([
      facts('confirming', '0.0002'),
      facts('partially_paid', '0.0002'),
      facts('finished', '0.0004'),
      facts('finished', '0.0004'),
    ]);
    expect(credits).toHaveLength(1);
    expect(state).toEqual({ status: 'credited', outcome: null, needsReview: false });
  });

  it('late, earlier statuses never move a deposit back', () => {
    expect(run([facts('partially_paid', '0.0002'), facts('confirming', '0.0002'), facts('waiting')]).trail).toEqual([
      'confirmed',
      'ignore:stale',
      'ignore:stale',
    ]);
    expect(run([facts('finished', '0.0004'), facts('partially_paid', '0.0002'), facts('expired')]).state).toEqual({
      status: 'credited',
      outcome: null,
      needsReview: false,
    });
    // Paid in part, then NOWPayments expires it: still underpaid, still for support.
    expect(run([facts('partially_paid', '0.0002'), facts('expired', '0.0002')]).state).toEqual({
      status: 'confirmed',
      outcome: 'underpaid',
      needsReview: true,
    });
  });

  it('a second payment of the same invoice does not credit an already credited deposit', () => {
    const { credits } = run([facts('finished', '0.0004', '1'), facts('finished', '0.0004', '2')]);
    expect(credits).toEqual(['nowpayments:1']);
  });

  it('an expired deposit paid after all is credited (a late confirming, then finished)', () => {
    const { state, credits, trail } = run([
      facts('expired'),
      facts('confirming', '0.0004'),
      facts('finished', '0.0004'),
    ]);
    expect(trail).toEqual(['expired', 'seen', 'credited']);
    expect(credits).toHaveLength(1);
    expect(state.status).toBe('credited');
  });

  it('failed with money received asks support; failed with nothing received just expires', () => {
    expect(run([facts('failed', '0')]).state).toEqual({ status: 'expired', outcome: null, needsReview: false });
    expect(run([facts('failed', '0.0001')]).state).toEqual({ status: 'expired', outcome: null, needsReview: true });
    expect(run([facts('confirming', '0.0004'), facts('failed', '0.0004')]).state).toEqual({
      status: 'seen',
      outcome: null,
      needsReview: true,
    });
  });

  it('refunded closes an uncredited deposit, flags a credited one, and nothing reopens a closed one', () => {
    expect(run([facts('partially_paid', '0.0002'), facts('refunded', '0.0002')]).state).toEqual({
      status: 'failed',
      outcome: 'underpaid',
      needsReview: false,
    });
    expect(run([facts('finished', '0.0004'), facts('refunded', '0.0004')]).state).toEqual({
      status: 'credited',
      outcome: null,
      needsReview: true,
    });
    const closed = run([facts('refunded'), facts('finished', '0.0004')]);
    expect(closed.credits).toEqual([]);
    expect(closed.trail).toEqual(['failed', 'ignore:closed']);
  });

  it('an overpayment beyond the tolerance is credited as overpaid, with the excess, for review', () => {
    const over = decideNowPaymentsUpdate(PENDING, { ...facts('finished'), payAmount: '1', actuallyPaid: '1.1' }, 0.5);
    expect(over).toMatchObject({ action: 'credit', outcome: 'overpaid', needsReview: true, excess: '0.1' });
    const within = decideNowPaymentsUpdate(
      PENDING,
      { ...facts('finished'), payAmount: '1', actuallyPaid: '1.005' },
      0.5,
    );
    expect(within).toMatchObject({ action: 'credit', outcome: null, needsReview: false, excess: null });
  });

  it('ignores a status it does not know', () => {
    expect(decideNowPaymentsUpdate(PENDING, facts(null), TOLERANCE)).toEqual({
      action: 'ignore',
      reason: 'unknown-status',
    });
  });
});
