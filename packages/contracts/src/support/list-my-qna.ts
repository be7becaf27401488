// GET /api/qna (bearer; not in the spec): the member's own support requests, newest first, with
// support's replies, shown under the support form.
import { z } from 'zod';
import { INBOX_STATUSES } from '../admin/inbox.ts';
import { SUPPORT_OPTION_VALUES } from './create-qna.ts';

/** How many of the member's latest requests the Support page shows. */
export const MY_QNA_LIMIT = 50;

export const ZMyQnaItem = z.object({
  id: z.string(),
  option: z.enum(SUPPORT_OPTION_VALUES),
  contents: z.string(),
  /** new: waiting for support; answered: support replied; closed: done. */
  status: z.enum(INBOX_STATUSES),
  created_at: z.string(),
  replies: z.array(z.object({ id: z.string(), body: z.string(), created_at: z.string() })),
});
export type TMyQnaItem = z.infer<typeof ZMyQnaItem>;

export const ZListMyQnaResponse = z.object({ status: z.literal('ok'), list: z.array(ZMyQnaItem) });
export type TListMyQnaResponse = z.infer<typeof ZListMyQnaResponse>;
