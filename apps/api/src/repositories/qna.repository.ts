import type { Database } from '../db/client.ts';
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

export function findQna(db: Database, id: string) {
  return db.qna.findUnique({ where: { id }, select: listFields });
}

export function updateQna(
  db: Database,
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
  db: Database,
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
