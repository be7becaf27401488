// The 409 a support person gets when someone else decided the row first: what happened, who and when,
// read from the audit log ('Already handled: suspended by ann@velvet.test at 2026-11-24 05:40 UTC').
import type { DatabaseOrTransaction } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { findLatestAuditEntry } from '../../repositories/audit.repository.ts';

const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The message for a decision that was already taken: `what` says the state ('suspended'); who and
 * when come from the latest audit entry of `actions` on the target (left out when none is found,
 * e.g. a state set before the console existed).
 */
export async function alreadyHandledMessage(
  db: DatabaseOrTransaction,
  target: { targetType: string; targetId: string; actions: readonly string[] },
  what: string,
): Promise<string> {
  const entry = await findLatestAuditEntry(db, target);
  return entry ? `Already handled: ${what} by ${entry.actorId} at ${utc(entry.createdAt)}` : `Already handled: ${what}`;
}

export async function alreadyHandled(
  db: DatabaseOrTransaction,
  target: { targetType: string; targetId: string; actions: readonly string[] },
  what: string,
): Promise<AppError> {
  return new AppError(409, await alreadyHandledMessage(db, target, what));
}
