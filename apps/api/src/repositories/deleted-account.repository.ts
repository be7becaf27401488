import type { DatabaseOrTransaction, DatabaseTransaction } from '../db/client.ts';

// Deleted (anonymised) members, found by their anonymous id (services/members/deleted-accounts.ts).

export function findDeletion(db: DatabaseOrTransaction, anonymousId: string) {
  return db.member.findUnique({ where: { id: anonymousId }, select: { deletedAt: true } });
}

/**
 * Moves an earlier deletion of the same address to another anonymous id, so that the address's
 * current deletion can take the canonical one. Foreign keys cascade: its ledger rows follow it.
 */
export async function moveDeletion(tx: DatabaseTransaction, anonymousId: string, archivedId: string) {
  await tx.member.update({ where: { id: anonymousId }, data: { id: archivedId } });
}
