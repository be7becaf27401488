// Members search of the support console: by the start of an email or nickname, newest first, keyset
// paged (issue 15, docs/support.md "Members").
import type { TSearchMembersResponse } from '@velvet/contracts/admin/members';
import type { DatabaseOrTransaction } from '../../db/client.ts';
import { decodeConsoleCursor, nextConsoleCursor } from '../../lib/console-cursor.ts';
import { searchMembers } from '../../repositories/member-console.repository.ts';
import { toConsoleMemberRow } from './console-member-context.ts';

export async function searchMembersForConsole(
  db: DatabaseOrTransaction,
  query: { q?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<TSearchMembersResponse> {
  const after = query.cursor ? decodeConsoleCursor(query.cursor) : undefined;
  const rows = await searchMembers(db, { prefix: query.q || undefined, after, limit: query.limit + 1 });
  const page = nextConsoleCursor(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
  const now = new Date();
  return { status: 'ok', items: page.items.map((row) => toConsoleMemberRow(row, now)), next_cursor: page.next_cursor };
}
