import { createHash } from 'node:crypto';
import type { DatabaseOrTransaction, DatabaseTransaction } from '../../db/client.ts';
import { findDeletion, moveDeletion } from '../../repositories/deleted-account.repository.ts';

// A deleted member keeps no email: its id becomes this one-way digest, which is enough to refuse the
// address at registration (the deletion dialog's 'email restriction') for DELETED_EMAIL_HOLD_DAYS and
// to tell the person so at sign-in, and keeps ledger rows linked for audit without saying whose they
// were.

const PREFIX = 'deleted:';

export function emailDigest(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

export function anonymousIdFor(email: string): string {
  return `${PREFIX}${emailDigest(email)}`;
}

export function isAnonymousId(memberId: string): boolean {
  return memberId.startsWith(PREFIX);
}

const DAY_MS = 86_400_000;

export interface EmailHold {
  /** When the account with this address was deleted. */
  deletedAt: Date;
  /** From when the address can register again. */
  availableAt: Date;
}

/**
 * The hold on an address whose account was deleted less than `holdDays` ago; null when there was no
 * such account or its hold is over (the address then registers as a new one).
 */
export async function findEmailHold(
  db: DatabaseOrTransaction,
  email: string,
  holdDays: number,
  now = new Date(),
): Promise<EmailHold | null> {
  const deletion = await findDeletion(db, anonymousIdFor(email));
  if (!deletion?.deletedAt) return null;
  const availableAt = new Date(deletion.deletedAt.getTime() + holdDays * DAY_MS);
  return availableAt > now ? { deletedAt: deletion.deletedAt, availableAt } : null;
}

/** 'November 23, 2026' (UTC): the dates in the deleted-account message. */
export function formatHoldDate(date: Date): string {
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}

/** What sign-in and registration answer for an address under a hold. */
export function deletedAccountMessage(hold: EmailHold): string {
  return (
    `The account with this email was deleted on ${formatHoldDate(hold.deletedAt)}. ` +
    `This email can be used to register again from ${formatHoldDate(hold.availableAt)}.`
  );
}

/**
 * Before an address's account is anonymised, an earlier deletion of the same address (registered
 * again after its hold) moves aside to `deleted:<digest>:<time>`: the canonical anonymous id always
 * holds the newest deletion, which is the one the hold counts from.
 */
export async function setAsideEarlierDeletion(tx: DatabaseTransaction, email: string): Promise<void> {
  const anonymousId = anonymousIdFor(email);
  const earlier = await findDeletion(tx, anonymousId);
  if (!earlier) return;
  await moveDeletion(tx, anonymousId, `${anonymousId}:${(earlier.deletedAt ?? new Date()).getTime()}`);
}
