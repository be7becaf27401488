import type { DatabaseOrTransaction, DatabaseTransaction } from '../db/client.ts';

// Email verification links (hashed tokens) and the member's verified mark.

export function insertVerification(
  db: DatabaseOrTransaction,
  data: { memberId: string; tokenHash: string; expiresAt: Date },
) {
  return db.emailVerification.create({ data, select: { id: true } });
}

export function findVerificationByHash(db: DatabaseOrTransaction, tokenHash: string) {
  return db.emailVerification.findUnique({
    where: { tokenHash },
    select: { id: true, memberId: true, expiresAt: true, usedAt: true },
  });
}

/** Marks a link used; false when it was used already (a concurrent click won). */
export async function markVerificationUsed(tx: DatabaseTransaction, id: string, at: Date): Promise<boolean> {
  const { count } = await tx.emailVerification.updateMany({ where: { id, usedAt: null }, data: { usedAt: at } });
  return count === 1;
}

/** Links mailed to a member since `since`, oldest first (the daily resend limit). */
export function listVerificationsSince(db: DatabaseOrTransaction, memberId: string, since: Date) {
  return db.emailVerification.findMany({
    where: { memberId, createdAt: { gte: since } },
    select: { createdAt: true },
    orderBy: { createdAt: 'asc' },
  });
}

export function deleteVerificationsOf(db: DatabaseOrTransaction, memberId: string) {
  return db.emailVerification.deleteMany({ where: { memberId } });
}

/** Sets the verified mark once; false when it was set already. */
export async function markEmailVerified(tx: DatabaseTransaction, memberId: string, at: Date): Promise<boolean> {
  const { count } = await tx.member.updateMany({
    where: { id: memberId, emailVerifiedAt: null, deletedAt: null },
    data: { emailVerifiedAt: at },
  });
  return count === 1;
}

/** Locks the member row for the rest of the transaction (two clicks verify one after the other). */
export async function lockMember(tx: DatabaseTransaction, memberId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM members WHERE id = ${memberId} FOR UPDATE`;
}

export function findVerificationState(db: DatabaseOrTransaction, memberId: string) {
  return db.member.findUnique({
    where: { id: memberId },
    select: { id: true, nickname: true, emailVerifiedAt: true, deletedAt: true, coinBalance: true },
  });
}
