// A member's ledger history for the support console, newest first, keyset paged.
import type { TListMemberLedgerResponse } from '@velvet/contracts/admin/members';
import type { DatabaseOrTransaction } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { decodeConsoleCursor, nextConsoleCursor } from '../../lib/console-cursor.ts';
import { findConsoleMember, listLedgerEntries } from '../../repositories/member-console.repository.ts';

export async function listMemberLedger(
  db: DatabaseOrTransaction,
  memberId: string,
  query: { cursor?: string | undefined; limit: number },
): Promise<TListMemberLedgerResponse> {
  const after = query.cursor ? decodeConsoleCursor(query.cursor) : undefined;
  if (!(await findConsoleMember(db, memberId))) throw notFound('Member');
  const rows = await listLedgerEntries(db, memberId, { after, limit: query.limit + 1 });
  const page = nextConsoleCursor(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
  return {
    status: 'ok',
    items: page.items.map((row) => ({
      id: row.id,
      delta: row.delta,
      balance_after: row.balanceAfter,
      reason: row.reason,
      reference: row.reference,
      created_at: row.createdAt.toISOString(),
    })),
    next_cursor: page.next_cursor,
  };
}
