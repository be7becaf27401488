// The audit log (table audit_log): one row per support-console action, insert-only.
import type { DatabaseOrTransaction } from '../db/client.ts';
import { Prisma } from '../generated/prisma/client.ts';

export interface AuditRow {
  actorId: string;
  actorRole: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  note: string | null;
}

/** Json columns: undefined/null become SQL NULL (Prisma wants its own marker for that). */
const json = (value: unknown) =>
  value === undefined || value === null ? Prisma.DbNull : (value as Prisma.InputJsonValue);

export async function insertAuditEntry(db: DatabaseOrTransaction, row: AuditRow): Promise<void> {
  await db.auditEntry.create({
    data: { ...row, before: json(row.before), after: json(row.after) },
    select: { id: true },
  });
}

export interface AuditFilter {
  actorId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
  /** Keyset: rows strictly older than this (createdAt, id). */
  after?: { at: Date; id: string };
  limit: number;
}

/** Newest first, (createdAt, id) descending, so a cursor page never repeats or skips a row. */
export function listAuditEntries(db: DatabaseOrTransaction, filter: AuditFilter) {
  const where: Prisma.AuditEntryWhereInput = {
    ...(filter.actorId ? { actorId: filter.actorId } : {}),
    ...(filter.action ? { action: filter.action } : {}),
    ...(filter.targetType ? { targetType: filter.targetType } : {}),
    ...(filter.targetId ? { targetId: filter.targetId } : {}),
    ...(filter.from || filter.to
      ? { createdAt: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lt: filter.to } : {}) } }
      : {}),
  };
  const page: Prisma.AuditEntryWhereInput = filter.after
    ? {
        OR: [{ createdAt: { lt: filter.after.at } }, { createdAt: filter.after.at, id: { lt: filter.after.id } }],
      }
    : {};
  return db.auditEntry.findMany({
    where: { AND: [where, page] },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: filter.limit,
  });
}

/** The latest entry of an action on a target: who did it and when (the 'Already handled' message). */
export function findLatestAuditEntry(
  db: DatabaseOrTransaction,
  where: { targetType: string; targetId: string; actions: readonly string[] },
) {
  return db.auditEntry.findFirst({
    where: { targetType: where.targetType, targetId: where.targetId, action: { in: [...where.actions] } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { actorId: true, action: true, createdAt: true },
  });
}
