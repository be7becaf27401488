// The ledger: the only way coins move. Every movement is one ledger row (delta, balance after,
// reason, reference, unique idempotency key) written in the caller's transaction, together with the
// change it pays for, so a balance and its history never disagree.
import type { Database, RawTransaction } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { uuidv7 } from '../../lib/uuid7.ts';
import {
  applyBalanceDelta,
  balanceWithin,
  findEntryOwner,
  moveAndRecord,
} from '../../repositories/ledger.repository.ts';

export const LEDGER_REASONS = [
  'welcome',
  'generation',
  'generation_refund',
  'claim_refund',
  'coin_pack',
  'membership',
  'payment_reversal',
  'admin_adjustment',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

export interface LedgerPosting {
  memberId: string;
  /** Positive credits, negative debits; never zero. */
  delta: number;
  reason: LedgerReason;
  /** What it is about: a run id, claim id, payment id... */
  reference?: string | null;
  /** One entry per key, ever: posting the same key again changes nothing. */
  idempotencyKey: string;
}

export interface LedgerResult {
  /** False when an entry with this key already existed (nothing changed). */
  posted: boolean;
  /** The member's balance after this call. */
  balance: number;
  entryId: string;
}

/** Thrown when a debit would take the balance below zero; the caller's transaction rolls back. */
export class InsufficientCoinsError extends AppError {
  constructor(
    readonly balance: number,
    readonly needed: number,
  ) {
    super(402, `Not enough coins: this needs ${needed} and the balance is ${balance}.`);
    this.name = 'InsufficientCoinsError';
  }
}

/**
 * Posts one movement inside `tx`: Prisma's transaction, or one on the pool (`inPoolTransaction`, for
 * the make call's charge, on the path of every generation). Idempotent: a key already posted returns
 * that entry's outcome without moving coins. A debit larger than the balance throws
 * InsufficientCoinsError.
 */
export async function postLedgerEntry(tx: RawTransaction, posting: LedgerPosting): Promise<LedgerResult> {
  if (!Number.isSafeInteger(posting.delta) || posting.delta === 0) {
    throw new Error(`ledger delta must be a non-zero integer, got ${posting.delta}`);
  }
  // The usual case is one statement: the balance moves and the entry is written together.
  const moved = await moveAndRecord(tx, {
    id: uuidv7(),
    memberId: posting.memberId,
    delta: posting.delta,
    reason: posting.reason,
    reference: posting.reference ?? null,
    idempotencyKey: posting.idempotencyKey,
  });
  if (moved.balance !== null && moved.entryId !== null) {
    return { posted: true, balance: moved.balance, entryId: moved.entryId };
  }
  // No entry written. Its key was posted already (the balance moved for nothing: moved back, inside
  // this transaction, so no one ever sees it), or the balance is too low, or there is no such member.
  if (moved.balance !== null && (await applyBalanceDelta(tx, posting.memberId, -posting.delta)) === null) {
    throw new Error(`ledger: could not move back the balance of member ${posting.memberId}`);
  }
  const existing = await findEntryOwner(tx, posting.idempotencyKey);
  if (existing) {
    if (existing.memberId !== posting.memberId) {
      throw new Error(`ledger key ${posting.idempotencyKey} belongs to another member`);
    }
    return { posted: false, balance: (await balanceWithin(tx, posting.memberId)) ?? 0, entryId: existing.id };
  }
  const current = await balanceWithin(tx, posting.memberId);
  if (current === null) throw new AppError(404, 'Member not found');
  throw new InsufficientCoinsError(current, -posting.delta);
}

/** Posts one movement in a transaction of its own. */
export function postLedgerEntryAlone(db: Database, posting: LedgerPosting): Promise<LedgerResult> {
  return db.$transaction((tx) => postLedgerEntry(tx, posting));
}
