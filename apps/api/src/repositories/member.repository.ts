import type { Database } from '../db/client.ts';

/** The member's role when the member exists and has not deleted the account, else null. */
export async function findActiveMember(db: Database, memberId: string) {
  return db.member.findFirst({ where: { id: memberId, deletedAt: null }, select: { role: true } });
}
