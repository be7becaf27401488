import type { Database } from '../db/client.ts';

export function recordSafetyEvent(
  db: Database,
  data: { memberId: string | null; prompt: string; matchedTerms: string[] },
) {
  return db.promptSafetyEvent.create({ data });
}

export function countRecentSafetyEvents(db: Database, memberId: string, since: Date) {
  return db.promptSafetyEvent.count({ where: { memberId, createdAt: { gte: since } } });
}

export function flagMember(db: Database, memberId: string) {
  return db.member.update({ where: { id: memberId }, data: { flagged: true } });
}
