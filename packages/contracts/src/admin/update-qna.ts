// PATCH /api/admin/qna/:id (admin bearer): support changes a request's status, optionally recording
// the answer it sent. 'answered' needs an answer.
import { z } from 'zod';
import { LIMITS } from '../catalog.ts';
import { zOneOf } from '../common.ts';
import { noControlCharacters } from '../text.ts';
import { QNA_STATUSES, ZQnaItem } from './list-qna.ts';

export const ZQnaIdParams = z.object({
  id: z.uuid({ error: 'id must be a support request id' }),
});
export type TQnaIdParams = z.infer<typeof ZQnaIdParams>;

export const ZUpdateQnaRequest = z
  .object({
    status: zOneOf('status', QNA_STATUSES),
    answer: z
      .string({ error: 'answer must be a string' })
      .refine(...noControlCharacters('answer'))
      .trim()
      .max(LIMITS.qnaContentsMaxLength, { error: `answer must be at most ${LIMITS.qnaContentsMaxLength} characters` })
      .optional(),
  })
  .refine((body) => body.status !== 'answered' || (body.answer !== undefined && body.answer.length > 0), {
    error: "answer is required when status is 'answered'",
    path: ['answer'],
  });
export type TUpdateQnaRequest = z.input<typeof ZUpdateQnaRequest>;
export type TUpdateQnaRequestParsed = z.output<typeof ZUpdateQnaRequest>;

export const ZUpdateQnaResponse = z.object({ status: z.literal('ok'), qna: ZQnaItem });
export type TUpdateQnaResponse = z.infer<typeof ZUpdateQnaResponse>;
