// The support console's Inbox (issue 15; not in the spec): support requests (QNA rows) oldest first
// with the 24-hour promise, one row's detail with the member's context, replies and closing.
//   GET  /api/admin/inbox              ?status=new|answered|closed&option=&q=&cursor=&limit=
//   GET  /api/admin/inbox/:id          the request, its replies, the member's context
//   POST /api/admin/inbox/:id/replies  { body, request_id }: stored once per request_id, mailed, -> answered
//   POST /api/admin/inbox/:id/close    -> closed (409 'Already handled ...' when it already is)
import { z } from 'zod';
import { LIMITS, POLICY } from '../catalog.ts';
import { zCount, zNonBlank, zOneOf, zQuery, zText } from '../common.ts';
import { SUPPORT_OPTION_VALUES } from '../support/create-qna.ts';
import { ZConsoleMemberContext } from './members.ts';
import { ZConsolePageQuery, zConsolePage } from './paging.ts';

/** The console's names for the stored QNA statuses: 'new' is the stored 'open'. */
export const INBOX_STATUSES = ['new', 'answered', 'closed'] as const;
export type TInboxStatus = (typeof INBOX_STATUSES)[number];

/** The promise on the Support page: an answer within this many hours of the request. */
export const INBOX_PROMISE_HOURS = POLICY.supportResponseHours;

export const ZListInboxRequest = ZConsolePageQuery.extend({
  status: zQuery(zOneOf('status', INBOX_STATUSES).default('new')),
  option: zQuery(zOneOf('option', SUPPORT_OPTION_VALUES).optional()),
  /** Words in the request's contents, or (part of) the member's email. */
  q: zQuery(zText('q').trim().max(200, { error: 'q must be at most 200 characters' }).optional()),
});
export type TListInboxRequest = z.input<typeof ZListInboxRequest>;
export type TListInboxRequestParsed = z.output<typeof ZListInboxRequest>;

export const ZInboxItem = z.object({
  id: z.string(),
  /** The member's email, or null once the member deleted the account. */
  member_id: z.string().nullable(),
  nickname: z.string().nullable(),
  option: z.enum(SUPPORT_OPTION_VALUES),
  contents: z.string(),
  status: z.enum(INBOX_STATUSES),
  created_at: z.string(),
  /** created_at + the 24-hour promise: the countdown's end. */
  due_at: z.string(),
  reply_count: zCount('reply_count'),
  last_reply_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  closed_by: z.string().nullable(),
});
export type TInboxItem = z.infer<typeof ZInboxItem>;

export const ZListInboxResponse = zConsolePage(ZInboxItem);
export type TListInboxResponse = z.infer<typeof ZListInboxResponse>;

export const ZInboxIdParams = z.object({ id: z.uuid({ error: 'id must be a support request id' }) });
export type TInboxIdParams = z.infer<typeof ZInboxIdParams>;

export const ZInboxReply = z.object({
  id: z.string(),
  /** The support person who wrote it. */
  author_id: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export type TInboxReply = z.infer<typeof ZInboxReply>;

export const ZGetInboxItemResponse = z.object({
  status: z.literal('ok'),
  item: ZInboxItem,
  replies: z.array(ZInboxReply),
  /** What support needs to answer without opening other screens; null once the account is deleted. */
  member: ZConsoleMemberContext.nullable(),
});
export type TGetInboxItemResponse = z.infer<typeof ZGetInboxItemResponse>;

export const ZReplyInboxRequest = z.object({
  body: zNonBlank('body', LIMITS.qnaContentsMaxLength),
  /** Chosen by the console once per submission: sending it again stores and mails nothing more. */
  request_id: z.uuid({ error: 'request_id must be a UUID' }),
});
export type TReplyInboxRequest = z.input<typeof ZReplyInboxRequest>;
export type TReplyInboxRequestParsed = z.output<typeof ZReplyInboxRequest>;

export const ZReplyInboxResponse = z.object({ status: z.literal('ok'), item: ZInboxItem, reply: ZInboxReply });
export type TReplyInboxResponse = z.infer<typeof ZReplyInboxResponse>;

export const ZCloseInboxResponse = z.object({ status: z.literal('ok'), item: ZInboxItem });
export type TCloseInboxResponse = z.infer<typeof ZCloseInboxResponse>;
