import type { DatabaseOrTransaction } from '../db/client.ts';

/** The member a reset may be mailed to: active, with whether they have a password at all. */
export function findMemberForPasswordReset(db: DatabaseOrTransaction, memberId: string) {
  return db.member.findFirst({
    where: { id: memberId, deletedAt: null },
    select: { id: true, passwordHash: true },
  });
}

export function createPasswordReset(
  db: DatabaseOrTransaction,
  data: { memberId: string; tokenHash: string; expiresAt: Date },
) {
  return db.passwordReset.create({ data, select: { id: true } });
}

/**
 * Marks the link used when it is unused and unexpired at `now`, atomically (one UPDATE): two
 * concurrent resets with the same link cannot both succeed. Returns the member, or null.
 */
export async function consumePasswordReset(
  db: DatabaseOrTransaction,
  tokenHash: string,
  now: Date,
): Promise<string | null> {
  const rows = await db.$queryRaw<Array<{ member_id: string }>>`
    UPDATE password_resets SET used_at = ${now}
    WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${now}
    RETURNING member_id`;
  return rows[0]?.member_id ?? null;
}

/** Sets the new password, ends every session issued before `now`, and retires the member's other links. */
export async function setPasswordAndRevokeSessions(
  db: DatabaseOrTransaction,
  memberId: string,
  passwordHash: string,
  now: Date,
): Promise<boolean> {
  const updated = await db.member.updateMany({
    where: { id: memberId, deletedAt: null },
    data: { passwordHash, sessionsValidAfter: now },
  });
  await db.passwordReset.updateMany({ where: { memberId, usedAt: null }, data: { usedAt: now } });
  return updated.count === 1;
}
