// The live status of a crypto deposit in the wallet modal, from the member event stream's `deposit`
// events: waiting for payment -> seen on the network (unconfirmed) -> confirmed -> coins added, or a
// problem (expired, underpaid, arrived late, failed) that support follows up. Pure.
import type { TMemberEvent } from '@velvet/contracts/events/member-event';

export type DepositEvent = Extract<TMemberEvent, { type: 'deposit' }>;

/** Where a deposit stands, from an event or from GET /api/v2/wallet/deposit/:id. */
export interface DepositSnapshot {
  status: DepositEvent['status'];
  outcome: string | null;
  received: string;
  requested: string;
}

export type DepositStep = 'waiting' | 'seen' | 'confirmed' | 'credited';
export type DepositProblem = 'expired' | 'underpaid' | 'late' | 'failed';

export const DEPOSIT_STEPS: readonly { step: DepositStep; label: string; hint: string }[] = [
  { step: 'waiting', label: 'Waiting for payment', hint: 'Send the exact amount to the address above.' },
  {
    step: 'seen',
    label: 'Seen on the network',
    hint: 'Unconfirmed: waiting for the network to confirm it.',
  },
  { step: 'confirmed', label: 'Confirmed', hint: 'The network has confirmed your payment.' },
  { step: 'credited', label: 'Coins added', hint: 'Your purchase has been added to your account.' },
];

export const SUPPORT_WILL_CONTACT = 'Our support team will contact you.';

export const DEPOSIT_PROBLEM_TEXTS: Record<DepositProblem, string> = {
  expired: `This deposit address expired before the full payment arrived. If you sent coins to it, don't worry: ${SUPPORT_WILL_CONTACT.toLowerCase()}`,
  underpaid: `We received less than the requested amount, so nothing has been added yet. ${SUPPORT_WILL_CONTACT}`,
  late: `Your payment arrived after this deposit address expired. ${SUPPORT_WILL_CONTACT}`,
  failed: `Something went wrong with this deposit. ${SUPPORT_WILL_CONTACT}`,
};

export const OVERPAID_NOTE = `You sent more than the requested amount. ${SUPPORT_WILL_CONTACT}`;

export interface DepositView {
  /** The furthest step reached. */
  step: DepositStep;
  problem: DepositProblem | null;
  /** A sentence for the member when something needs support, else null. */
  message: string | null;
  /** Amounts as decimal text, or null before any event. */
  received: string | null;
  requested: string | null;
}

const STEP_OF_STATUS: Record<DepositEvent['status'], DepositStep> = {
  pending: 'waiting',
  seen: 'seen',
  confirmed: 'confirmed',
  credited: 'credited',
  expired: 'waiting',
  failed: 'waiting',
};

function problemOf(event: DepositSnapshot): DepositProblem | null {
  if (event.status === 'credited') return null;
  if (event.outcome === 'underpaid') return 'underpaid';
  if (event.outcome === 'late') return 'late';
  if (event.status === 'expired') return 'expired';
  if (event.status === 'failed') return 'failed';
  return null;
}

/** What the modal shows for the latest snapshot (null: nothing heard yet, waiting for payment). */
export function depositView(event: DepositSnapshot | null): DepositView {
  if (!event) return { step: 'waiting', problem: null, message: null, received: null, requested: null };
  const problem = problemOf(event);
  const step = STEP_OF_STATUS[event.status];
  let message = problem ? DEPOSIT_PROBLEM_TEXTS[problem] : null;
  if (!problem && event.status === 'credited' && event.outcome === 'overpaid') message = OVERPAID_NOTE;
  return { step, problem, message, received: event.received, requested: event.requested };
}

/** Whether a step is done, current or still to come, for the step list. */
export function stepState(step: DepositStep, view: DepositView): 'done' | 'current' | 'todo' {
  const order = DEPOSIT_STEPS.findIndex((s) => s.step === step);
  const reached = DEPOSIT_STEPS.findIndex((s) => s.step === view.step);
  if (order < reached || (order === reached && view.step === 'credited')) return 'done';
  return order === reached ? 'current' : 'todo';
}

export interface DepositIdentity {
  coin: string;
  /** The id the create call returned, when it returned one. */
  depositId: string | null;
}

/** Whether an event is about this deposit: by id when known, else by coin. */
export function isEventForDeposit(event: DepositEvent, deposit: DepositIdentity): boolean {
  if (deposit.depositId) return event.deposit_id === deposit.depositId;
  return event.coin.toUpperCase() === deposit.coin.toUpperCase();
}

// How far each status is along the way: events and polled answers may arrive out of order, and an
// older answer must not move the modal backwards.
const STATUS_RANK: Record<DepositSnapshot['status'], number> = {
  pending: 0,
  seen: 1,
  expired: 1,
  confirmed: 2,
  failed: 2,
  credited: 3,
};

/** Nothing more will happen to it: the coins were added, or it failed (an expired one may still be paid late). */
export function isFinalDeposit(snapshot: DepositSnapshot | null): boolean {
  return snapshot?.status === 'credited' || snapshot?.status === 'failed';
}

/** The snapshot to show next: `next`, unless it is behind what is shown. */
export function newerSnapshot(current: DepositSnapshot | null, next: DepositSnapshot): DepositSnapshot {
  if (!current) return next;
  return STATUS_RANK[next.status] >= STATUS_RANK[current.status] ? next : current;
}
