import { FREE_MEMBER_KIND } from '@velvet/contracts/options';
import type { DatabaseTransaction } from '../../db/client.ts';
import { flagMember, lockMember, setMembership } from '../../repositories/payment.repository.ts';
import { memberBalance } from '../../repositories/ledger.repository.ts';
import { postLedgerEntry } from '../ledger/post-ledger-entry.ts';
import type { Purchase } from './catalog.ts';

export interface Fulfilment {
  /** False when this key was fulfilled before (nothing changed). */
  granted: boolean;
  balance: number;
  memberKind: string;
  membershipExpiresAt: Date | null;
}

function addMonths(from: Date, months: number): Date {
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/**
 * Grants what was paid for, inside the caller's transaction, exactly once per idempotency key
 * (`payment:<provider>:<id>`, `deposit:<coin>:<txid>:<output>`): coins through the ledger, and for a
 * plan the member kind for one or twelve months. A renewal extends the current membership rather
 * than resetting it.
 */
export async function fulfilPurchase(
  tx: DatabaseTransaction,
  memberId: string,
  purchase: Purchase,
  idempotencyKey: string,
  reference: string,
  now = new Date(),
): Promise<Fulfilment> {
  const member = await lockMember(tx, memberId);
  if (!member) throw new Error(`member ${memberId} not found`);
  const credit = await postLedgerEntry(tx, {
    memberId,
    delta: purchase.coins,
    reason: purchase.kind === 'membership' ? 'membership' : 'coin_pack',
    reference,
    idempotencyKey,
  });
  if (!credit.posted || purchase.kind !== 'membership') {
    return {
      granted: credit.posted,
      balance: credit.balance,
      memberKind: member.member_kind,
      membershipExpiresAt: member.membership_expires_at,
    };
  }
  const current = member.membership_expires_at;
  const start = current && current > now ? current : now;
  const updated = await setMembership(tx, memberId, purchase.plan.memberKind, addMonths(start, purchase.months));
  return {
    granted: true,
    balance: credit.balance,
    memberKind: updated.memberKind,
    membershipExpiresAt: updated.membershipExpiresAt,
  };
}

export interface Reversal {
  /** Coins actually taken back (never more than the balance). */
  reversed: number;
  /** Coins that were already spent: recorded, and the account is flagged for support. */
  shortfall: number;
  balance: number;
}

/**
 * Takes back what a refunded or disputed payment granted, once per key: as many coins as the member
 * still holds (a balance never goes below zero), the rest recorded as a shortfall with the account
 * flagged. A refunded membership ends at once. The caller guards against reversing twice (the
 * payment's status, locked in the same transaction); the ledger key guards the coins as well.
 */
export async function reversePurchase(
  tx: DatabaseTransaction,
  memberId: string,
  purchase: Purchase,
  idempotencyKey: string,
  reference: string,
): Promise<Reversal | null> {
  const member = await lockMember(tx, memberId);
  if (!member) return null;
  const existing = await tx.ledgerEntry.findUnique({ where: { idempotencyKey } });
  if (existing) return null;
  const take = Math.min(purchase.coins, member.coin_balance);
  const shortfall = purchase.coins - take;
  let balance = member.coin_balance;
  if (take > 0) {
    const debit = await postLedgerEntry(tx, {
      memberId,
      delta: -take,
      reason: 'payment_reversal',
      reference,
      idempotencyKey,
    });
    balance = debit.balance;
  }
  if (shortfall > 0) await flagMember(tx, memberId);
  if (purchase.kind === 'membership') await setMembership(tx, memberId, FREE_MEMBER_KIND, null);
  balance = (await memberBalance(tx, memberId))?.coinBalance ?? balance;
  return { reversed: take, shortfall, balance };
}
