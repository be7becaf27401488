// The support console's Inbox (issue 15, docs/support.md "Inbox"): support requests oldest first with
// the 24-hour promise, a request's detail with the member's context, replies (stored, mailed, shown to
// the member) and closing. Every action is audited in its own transaction and safe to repeat.
import type { TListMyQnaResponse } from '@velvet/contracts/support/list-my-qna';
import { MY_QNA_LIMIT } from '@velvet/contracts/support/list-my-qna';
import {
  INBOX_PROMISE_HOURS,
  type TGetInboxItemResponse,
  type TInboxItem,
  type TInboxReply,
  type TInboxStatus,
  type TListInboxRequestParsed,
  type TListInboxResponse,
  type TReplyInboxRequestParsed,
  type TReplyInboxResponse,
} from '@velvet/contracts/admin/inbox';
import type { SupportOption } from '@velvet/contracts/options';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { decodeConsoleCursor, nextConsoleCursor } from '../../lib/console-cursor.ts';
import {
  closeQnaOnce,
  createQnaReply,
  findInboxRow,
  findQnaReplyByRequestId,
  listInboxRows,
  listMemberQna,
  listQnaReplies,
  lockQna,
  markQnaAnswered,
  type InboxRecord,
} from '../../repositories/qna.repository.ts';
import { recordAuditEntry, type ConsoleActor } from '../audit/record-audit-entry.ts';
import { sendTemplateMail } from '../mail/send-template-mail.ts';
import { getConsoleMemberContext } from '../members/console-member-context.ts';
import type { SupportReplyDeps } from './support-requests.ts';

const PROMISE_MS = INBOX_PROMISE_HOURS * 3_600_000;

type QnaStatus = InboxRecord['status'];

/** The console's 'new' is the stored 'open' (the spec's QNA rows predate the console). */
export function inboxStatusOf(status: QnaStatus): TInboxStatus {
  return status === 'open' ? 'new' : status;
}
function storedStatusOf(status: TInboxStatus): QnaStatus {
  return status === 'new' ? 'open' : status;
}

/** 'at 2026-11-24 05:40 UTC': what the 'Already handled' answers say. */
export function handledAt(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function toInboxItem(row: InboxRecord): TInboxItem {
  const deleted = row.member.deletedAt !== null;
  return {
    id: row.id,
    member_id: deleted ? null : row.memberId,
    nickname: deleted ? null : row.member.nickname,
    option: row.boardTitle as SupportOption,
    contents: row.contents,
    status: inboxStatusOf(row.status),
    created_at: row.createdAt.toISOString(),
    due_at: new Date(row.createdAt.getTime() + PROMISE_MS).toISOString(),
    reply_count: row._count.replies,
    last_reply_at: row.replies[0]?.createdAt.toISOString() ?? null,
    closed_at: row.closedAt?.toISOString() ?? null,
    closed_by: row.closedBy,
  };
}

function toReply(row: { id: string; authorId: string; body: string; createdAt: Date }): TInboxReply {
  return { id: row.id, author_id: row.authorId, body: row.body, created_at: row.createdAt.toISOString() };
}

export async function listInbox(db: Database, query: TListInboxRequestParsed): Promise<TListInboxResponse> {
  const after = query.cursor ? decodeConsoleCursor(query.cursor) : null;
  const rows = await listInboxRows(
    db,
    {
      status: storedStatusOf(query.status),
      ...(query.option ? { boardTitle: query.option } : {}),
      ...(query.q ? { search: query.q } : {}),
    },
    after,
    query.limit + 1,
  );
  const page = nextConsoleCursor(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
  return { status: 'ok', items: page.items.map(toInboxItem), next_cursor: page.next_cursor };
}

export async function getInboxItem(db: Database, id: string): Promise<TGetInboxItemResponse> {
  const row = await findInboxRow(db, id);
  if (!row) throw notFound('Support request');
  const [replies, member] = await Promise.all([
    listQnaReplies(db, id),
    row.member.deletedAt === null ? getConsoleMemberContext(db, row.memberId) : null,
  ]);
  return { status: 'ok', item: toInboxItem(row), replies: replies.map(toReply), member };
}

function alreadyClosed(row: InboxRecord): AppError {
  const by = row.closedBy ? ` by ${row.closedBy}` : '';
  const at = row.closedAt ? ` at ${handledAt(row.closedAt)}` : '';
  return new AppError(409, `Already handled: closed${by}${at}.`);
}

/**
 * Support replies: the reply is stored (several per request), the request becomes 'answered', an
 * audit row `qna.reply` is written, all in one transaction; then the reply is mailed to the member
 * (template support-reply). The same `request_id` again returns the stored reply and mails nothing.
 * A closed request takes no more replies (409).
 */
export async function replyToSupportRequest(
  deps: SupportReplyDeps,
  actor: ConsoleActor,
  id: string,
  input: TReplyInboxRequestParsed,
  linkBase: string,
): Promise<TReplyInboxResponse> {
  const outcome = await deps.db.$transaction(async (tx) => {
    const row = await lockQna(tx, id);
    if (!row) throw notFound('Support request');
    const repeated = await findQnaReplyByRequestId(tx, id, input.request_id);
    if (repeated) return { reply: repeated, created: false };
    if (row.status === 'closed') throw alreadyClosed(row);
    const reply = await createQnaReply(tx, {
      qnaId: id,
      authorId: actor.id,
      body: input.body,
      requestId: input.request_id,
    });
    await markQnaAnswered(tx, id, input.body, reply.createdAt);
    await recordAuditEntry(tx, {
      actor,
      action: 'qna.reply',
      targetType: 'qna',
      targetId: id,
      before: { status: inboxStatusOf(row.status), replies: row._count.replies },
      after: { status: 'answered', replies: row._count.replies + 1, reply_id: reply.id },
      note: input.body,
    });
    return { reply, created: true };
  });
  const row = await findInboxRow(deps.db, id);
  if (!row) throw notFound('Support request');
  if (outcome.created && row.member.deletedAt === null) {
    const mail = sendTemplateMail(deps.mailer, {
      to: row.memberId,
      template: 'support-reply',
      values: {
        askedAt: row.createdAt.toISOString().slice(0, 10),
        question: row.contents,
        answer: input.body,
        link: `${linkBase}/support`,
      },
    }).catch((error: unknown) => deps.log.error({ err: error, qnaId: id }, 'support reply mail not sent'));
    (deps.background ?? ((task) => void task))(mail);
  }
  return { status: 'ok', item: toInboxItem(row), reply: toReply(outcome.reply) };
}

/** Closes a request (audited `qna.close`); a closed one answers 409 naming who closed it and when. */
export async function closeSupportRequest(db: Database, actor: ConsoleActor, id: string): Promise<TInboxItem> {
  await db.$transaction(async (tx) => {
    const row = await lockQna(tx, id);
    if (!row) throw notFound('Support request');
    const now = new Date();
    if (!(await closeQnaOnce(tx, id, actor.id, now))) throw alreadyClosed(row);
    await recordAuditEntry(tx, {
      actor,
      action: 'qna.close',
      targetType: 'qna',
      targetId: id,
      before: { status: inboxStatusOf(row.status) },
      after: { status: 'closed' },
    });
  });
  const row = await findInboxRow(db, id);
  if (!row) throw notFound('Support request');
  return toInboxItem(row);
}

/** An answer stored through the older PATCH /api/admin/qna/:id (no reply rows) still reaches the member. */
function legacyAnswer(row: { id: string; answer: string | null; answeredAt: Date | null; createdAt: Date }) {
  if (!row.answer) return [];
  return [{ id: `${row.id}:answer`, body: row.answer, created_at: (row.answeredAt ?? row.createdAt).toISOString() }];
}

/** GET /api/qna: the member's own requests, newest first, with support's replies. */
export async function listMemberSupportRequests(db: Database, memberId: string): Promise<TListMyQnaResponse> {
  const rows = await listMemberQna(db, memberId, MY_QNA_LIMIT);
  return {
    status: 'ok',
    list: rows.map((row) => ({
      id: row.id,
      option: row.boardTitle as SupportOption,
      contents: row.contents,
      status: inboxStatusOf(row.status),
      created_at: row.createdAt.toISOString(),
      replies: row.replies.length
        ? row.replies.map((reply) => ({ id: reply.id, body: reply.body, created_at: reply.createdAt.toISOString() }))
        : legacyAnswer(row),
    })),
  };
}
