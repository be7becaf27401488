// The support console's Audit log: every console action, newest first, filtered, keyset paged
// (issue 15, docs/support.md "Audit log"). Read-only: nothing writes here but recordAuditEntry.
import type { TAuditEntry, TListAuditResponse } from '@velvet/contracts/admin/audit';
import type { DatabaseOrTransaction } from '../../db/client.ts';
import { decodeConsoleCursor, nextConsoleCursor } from '../../lib/console-cursor.ts';
import { listAuditEntries } from '../../repositories/audit.repository.ts';

/** A stored before/after as the contract's object (older or odd values wrapped as { value }). */
function asObject(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** `from`: a date is its start (UTC); `to`: a date is the end of that day, so both ends include it. */
function bound(value: string | undefined, side: 'from' | 'to'): Date | undefined {
  if (!value) return undefined;
  const at = new Date(value);
  return side === 'to' && DATE_ONLY.test(value) ? new Date(at.getTime() + DAY_MS) : at;
}

export async function listAuditLog(
  db: DatabaseOrTransaction,
  query: {
    actor?: string | undefined;
    action?: string | undefined;
    target_type?: string | undefined;
    target_id?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    cursor?: string | undefined;
    limit: number;
  },
): Promise<TListAuditResponse> {
  const after = query.cursor ? decodeConsoleCursor(query.cursor) : undefined;
  const rows = await listAuditEntries(db, {
    actorId: query.actor?.toLowerCase() || undefined,
    action: query.action || undefined,
    targetType: query.target_type,
    targetId: query.target_id || undefined,
    from: bound(query.from, 'from'),
    to: bound(query.to, 'to'),
    after,
    limit: query.limit + 1,
  });
  const page = nextConsoleCursor(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
  const items: TAuditEntry[] = page.items.map((row) => ({
    id: row.id,
    actor_id: row.actorId,
    actor_role: row.actorRole,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    before: asObject(row.before),
    after: asObject(row.after),
    note: row.note,
    created_at: row.createdAt.toISOString(),
  }));
  return { status: 'ok', items, next_cursor: page.next_cursor };
}
