import type { Database, DatabaseOrTransaction, DatabaseTransaction } from '../db/client.ts';
import type { Prisma, QnaStatus } from '../generated/prisma/client.ts';

const listFields = {
  id: true,
  memberId: true,
  boardCd: true,
  boardTitle: true,
  contents: true,
  status: true,
  answer: true,
  createdAt: true,
  answeredAt: true,
  member: { select: { nickname: true, deletedAt: true } },
} as const;

export type QnaRecord = Prisma.QnaGetPayload<{ select: typeof listFields }>;

export function createQna(
  db: Database,
  data: { memberId: string; boardCd: string; boardTitle: string; contents: string },
) {
  return db.qna.create({ data, select: listFields });
}

export async function listQna(
  db: Database,
  filter: { boardTitle?: string; status?: QnaStatus },
  page: { skip: number; take: number },
): Promise<{ rows: QnaRecord[]; total: number }> {
  const where: Prisma.QnaWhereInput = {
    ...(filter.boardTitle ? { boardTitle: filter.boardTitle } : {}),
    ...(filter.status ? { status: filter.status } : {}),
  };
  const [rows, total] = await Promise.all([
    db.qna.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...page, select: listFields }),
    db.qna.count({ where }),
  ]);
  return { rows, total };
}

export function findQna(db: DatabaseOrTransaction, id: string) {
  return db.qna.findUnique({ where: { id }, select: listFields });
}

export function updateQna(
  db: DatabaseOrTransaction,
  id: string,
  data: { status: QnaStatus; answer?: string; answeredAt?: Date | null },
) {
  return db.qna.update({ where: { id }, data, select: listFields });
}

/**
 * Stores `data` only when `answer` differs from the stored answer, atomically (one UPDATE; a
 * concurrent identical call finds the answer already there). True when this call stored a new answer.
 */
export async function updateQnaWithNewAnswer(
  db: DatabaseOrTransaction,
  id: string,
  answer: string,
  data: { status: QnaStatus; answeredAt?: Date | null },
): Promise<boolean> {
  const updated = await db.qna.updateMany({
    where: { id, OR: [{ answer: null }, { answer: { not: answer } }] },
    data: { ...data, answer },
  });
  return updated.count === 1;
}

// --- The support console's Inbox (issue 15) ---

const inboxFields = {
  id: true,
  memberId: true,
  boardTitle: true,
  contents: true,
  status: true,
  createdAt: true,
  closedAt: true,
  closedBy: true,
  member: { select: { nickname: true, deletedAt: true } },
  replies: { select: { createdAt: true }, orderBy: { createdAt: 'desc' }, take: 1 },
  _count: { select: { replies: true } },
} as const satisfies Prisma.QnaSelect;

export type InboxRecord = Prisma.QnaGetPayload<{ select: typeof inboxFields }>;

/** Oldest first (the 24-hour promise runs out first there), keyset-paged after `after`. */
export function listInboxRows(
  db: DatabaseOrTransaction,
  filter: { status: QnaStatus; boardTitle?: string; search?: string },
  after: { at: Date; id: string } | null,
  take: number,
): Promise<InboxRecord[]> {
  const and: Prisma.QnaWhereInput[] = [{ status: filter.status }];
  if (filter.boardTitle) and.push({ boardTitle: filter.boardTitle });
  if (filter.search) {
    and.push({
      OR: [
        { contents: { contains: filter.search, mode: 'insensitive' } },
        { memberId: { contains: filter.search, mode: 'insensitive' } },
      ],
    });
  }
  if (after) {
    and.push({ OR: [{ createdAt: { gt: after.at } }, { createdAt: after.at, id: { gt: after.id } }] });
  }
  return db.qna.findMany({
    where: { AND: and },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take,
    select: inboxFields,
  });
}

export function findInboxRow(db: DatabaseOrTransaction, id: string): Promise<InboxRecord | null> {
  return db.qna.findUnique({ where: { id }, select: inboxFields });
}

/** Locks the request's row until the transaction ends: replies and closes of one request queue up. */
export async function lockQna(tx: DatabaseTransaction, id: string): Promise<InboxRecord | null> {
  const rows = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM qna_posts WHERE id = ${id}::uuid FOR UPDATE`;
  return rows.length ? findInboxRow(tx, id) : null;
}

const replyFields = { id: true, authorId: true, body: true, createdAt: true } as const;

export function listQnaReplies(db: DatabaseOrTransaction, qnaId: string) {
  return db.qnaReply.findMany({
    where: { qnaId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: replyFields,
  });
}

export function findQnaReplyByRequestId(db: DatabaseOrTransaction, qnaId: string, requestId: string) {
  return db.qnaReply.findUnique({ where: { qnaId_requestId: { qnaId, requestId } }, select: replyFields });
}

export function createQnaReply(
  tx: DatabaseTransaction,
  data: { qnaId: string; authorId: string; body: string; requestId: string },
) {
  return tx.qnaReply.create({ data, select: replyFields });
}

/** Marks a request answered; `answer` keeps the latest reply for the older admin list. */
export function markQnaAnswered(tx: DatabaseTransaction, id: string, answer: string, at: Date) {
  return tx.qna.update({ where: { id }, data: { status: 'answered', answer, answeredAt: at } });
}

/** Closes a request unless it is closed already: true when this call closed it. */
export async function closeQnaOnce(tx: DatabaseTransaction, id: string, by: string, at: Date): Promise<boolean> {
  const updated = await tx.qna.updateMany({
    where: { id, status: { not: 'closed' } },
    data: { status: 'closed', closedAt: at, closedBy: by },
  });
  return updated.count === 1;
}

/** The member's own requests, newest first, with support's replies (oldest reply first). */
export function listMemberQna(db: DatabaseOrTransaction, memberId: string, take: number) {
  return db.qna.findMany({
    where: { memberId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take,
    select: {
      id: true,
      boardTitle: true,
      contents: true,
      status: true,
      answer: true,
      answeredAt: true,
      createdAt: true,
      replies: { select: { id: true, body: true, createdAt: true }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
    },
  });
}
