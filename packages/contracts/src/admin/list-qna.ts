// GET /api/admin/qna (admin bearer): support requests, newest first, paged, optionally filtered by
// contact option (board_title) and status.
import { z } from 'zod';
import { zOneOf } from '../common.ts';
import { SUPPORT_OPTION_VALUES } from '../support/create-qna.ts';

export const QNA_STATUSES = ['open', 'answered', 'closed'] as const;
export type QnaStatus = (typeof QNA_STATUSES)[number];

export const ADMIN_QNA_PAGE_SIZE = { default: 20, max: 100 } as const;

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

const zPageNumber = (field: string, max: number) =>
  z.coerce
    .number({ error: `${field} must be a whole number` })
    .int({ error: `${field} must be a whole number` })
    .min(1, { error: `${field} must be at least 1` })
    .max(max, { error: `${field} must be at most ${max}` });

export const ZListQnaRequest = z.object({
  page: z.preprocess(emptyToUndefined, zPageNumber('page', 100_000).default(1)),
  limit: z.preprocess(
    emptyToUndefined,
    zPageNumber('limit', ADMIN_QNA_PAGE_SIZE.max).default(ADMIN_QNA_PAGE_SIZE.default),
  ),
  board_title: z.preprocess(emptyToUndefined, zOneOf('board_title', SUPPORT_OPTION_VALUES).optional()),
  status: z.preprocess(emptyToUndefined, zOneOf('status', QNA_STATUSES).optional()),
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
