import type { Database } from '../db/client.ts';

export async function findActiveMemberId(db: Database, memberId: string): Promise<string | null> {
  const member = await db.member.findFirst({ where: { id: memberId, deletedAt: null }, select: { id: true } });
  return member?.id ?? null;
}
