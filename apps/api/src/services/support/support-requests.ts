import type { TCreateQnaRequestParsed } from '@velvet/contracts/support/create-qna';
import type { TListQnaRequestParsed, TListQnaResponse, TQnaItem } from '@velvet/contracts/admin/list-qna';
import type { TUpdateQnaRequestParsed } from '@velvet/contracts/admin/update-qna';
import type { Redis } from 'ioredis';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { Mailer } from '../../providers/mail/index.ts';
import {
  createQna,
  findQna,
  listQna,
  updateQna,
  updateQnaWithNewAnswer,
  type QnaRecord,
} from '../../repositories/qna.repository.ts';
import { recordAuditEntry, type ConsoleActor } from '../audit/record-audit-entry.ts';
import { consumeAttempts } from '../auth/rate-limit.ts';
import { sendTemplateMail } from '../mail/send-template-mail.ts';

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

export interface SupportReplyDeps {
  db: Database;
  mailer: Mailer;
  /** Mail failures are logged: the answer is stored before the mail is tried and is never lost. */
  log: { error(obj: unknown, msg?: string): void };
  /** Runs the mail after the reply (default); tests may await it. */
  background?: (task: Promise<unknown>) => void;
}

/**
 * Support changes a request's status and records its answer. A new answer (one that differs from
 * the stored one) is mailed to the member once (template support-reply), after it is stored; saving
 * the same answer again, or only changing the status, mails nothing.
 */
export async function updateSupportRequest(
  deps: SupportReplyDeps,
  id: string,
  input: TUpdateQnaRequestParsed,
  linkBase: string,
  /** The console person acting (the route passes one): the change is audited with them. */
  actor?: ConsoleActor,
): Promise<TQnaItem> {
  const { db } = deps;
  const data = {
    status: input.status,
    ...(input.status === 'answered' ? { answeredAt: new Date() } : {}),
  };
  const answer = input.answer;
  const { row, newAnswer } = await db.$transaction(async (tx) => {
    const existing = await findQna(tx, id);
    if (!existing) throw notFound('Support request');
    const stored = answer ? await updateQnaWithNewAnswer(tx, id, answer, data) : false;
    if (!stored) await updateQna(tx, id, { ...data, ...(answer !== undefined ? { answer } : {}) });
    if (actor) {
      await recordAuditEntry(tx, {
        actor,
        action: stored ? 'qna.reply' : input.status === 'closed' ? 'qna.close' : 'qna.update',
        targetType: 'qna',
        targetId: id,
        before: { status: existing.status },
        after: { status: input.status },
        note: stored ? (answer ?? null) : null,
      });
    }
    const updated = await findQna(tx, id);
    if (!updated) throw notFound('Support request');
    return { row: updated, newAnswer: stored };
  });
  if (newAnswer && answer && row.member.deletedAt === null) {
    const mail = sendTemplateMail(deps.mailer, {
      to: row.memberId,
      template: 'support-reply',
      values: {
        askedAt: row.createdAt.toISOString().slice(0, 10),
        question: row.contents,
        answer,
        link: `${linkBase}/support`,
      },
    }).catch((error: unknown) => deps.log.error({ err: error, qnaId: id }, 'support reply mail not sent'));
    (deps.background ?? ((task) => void task))(mail);
  }
  return toItem(row);
}
