import type { TCreateQnaRequestParsed } from '@velvet/contracts/support/create-qna';
import type { TListQnaRequestParsed, TListQnaResponse, TQnaItem } from '@velvet/contracts/admin/list-qna';
import type { TUpdateQnaRequestParsed } from '@velvet/contracts/admin/update-qna';
import type { Redis } from 'ioredis';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { createQna, findQna, listQna, updateQna, type QnaRecord } from '../../repositories/qna.repository.ts';
import { consumeAttempts } from '../auth/rate-limit.ts';

/** Support requests one member may send per hour: plenty for a person, a wall for a script. */
export const SUPPORT_REQUESTS_PER_HOUR = 10;

export async function createSupportRequest(
  deps: { db: Database; redis: Redis },
  memberId: string,
  input: TCreateQnaRequestParsed,
): Promise<void> {
  await consumeAttempts(
    deps.redis,
    'qna',
    [{ key: `member:${memberId}`, max: SUPPORT_REQUESTS_PER_HOUR, windowSeconds: 3600 }],
    'support requests',
  );
  await createQna(deps.db, {
    memberId,
    boardCd: input.board_cd,
    boardTitle: input.board_title,
    contents: input.contents,
  });
}

function toItem(row: QnaRecord): TQnaItem {
  const deleted = row.member.deletedAt !== null;
  return {
    id: row.id,
    member_id: deleted ? null : row.memberId,
    nicname: deleted ? null : row.member.nickname,
    board_cd: row.boardCd,
    board_title: row.boardTitle,
    contents: row.contents,
    status: row.status,
    answer: row.answer,
    created_at: row.createdAt.toISOString(),
    answered_at: row.answeredAt?.toISOString() ?? null,
  };
}

export async function listSupportRequests(db: Database, query: TListQnaRequestParsed): Promise<TListQnaResponse> {
  const { rows, total } = await listQna(
    db,
    {
      ...(query.board_title ? { boardTitle: query.board_title } : {}),
      ...(query.status ? { status: query.status } : {}),
    },
    { skip: (query.page - 1) * query.limit, take: query.limit },
  );
  return { list: rows.map(toItem), total_count: total, page: query.page, limit: query.limit };
}

export async function updateSupportRequest(
  db: Database,
  id: string,
  input: TUpdateQnaRequestParsed,
): Promise<TQnaItem> {
  const existing = await findQna(db, id);
  if (!existing) throw notFound('Support request');
  const row = await updateQna(db, id, {
    status: input.status,
    ...(input.answer !== undefined ? { answer: input.answer } : {}),
    ...(input.status === 'answered' ? { answeredAt: new Date() } : {}),
  });
  return toItem(row);
}
