// GET /api/admin/qna (admin bearer): support requests, newest first, paged, optionally filtered by
// contact option (board_title) and status.
import { z } from 'zod';
import { zOneOf, zQuery, zQueryPage } from '../common.ts';
import { SUPPORT_OPTION_VALUES } from '../support/create-qna.ts';

export const QNA_STATUSES = ['open', 'answered', 'closed'] as const;
export type QnaStatus = (typeof QNA_STATUSES)[number];

export const ADMIN_QNA_PAGE_SIZE = { default: 20, max: 100 } as const;

export const ZListQnaRequest = z.object({
  page: zQueryPage('page', 100_000, 1),
  limit: zQueryPage('limit', ADMIN_QNA_PAGE_SIZE.max, ADMIN_QNA_PAGE_SIZE.default),
  board_title: zQuery(zOneOf('board_title', SUPPORT_OPTION_VALUES).optional()),
  status: zQuery(zOneOf('status', QNA_STATUSES).optional()),
});
export type TListQnaRequest = z.input<typeof ZListQnaRequest>;
export type TListQnaRequestParsed = z.output<typeof ZListQnaRequest>;

export const ZQnaItem = z.object({
  id: z.string(),
  /** The member's email, or null once the member deleted the account. */
  member_id: z.string().nullable(),
  nicname: z.string().nullable(),
  board_cd: z.string(),
  board_title: z.string(),
  contents: z.string(),
  status: z.enum(QNA_STATUSES),
  answer: z.string().nullable(),
  created_at: z.string(),
  answered_at: z.string().nullable(),
});
export type TQnaItem = z.infer<typeof ZQnaItem>;

export const ZListQnaResponse = z.object({
  list: z.array(ZQnaItem),
  total_count: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
});
export type TListQnaResponse = z.infer<typeof ZListQnaResponse>;
