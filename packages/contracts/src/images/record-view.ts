// POST /api/v1/image/view/:image_id (bearer): counts a view when a detail view opens.
import { z } from 'zod';
import { zCount, ZImageIdParams } from '../common.ts';

/** Path params; there is no body. */
export const ZRecordViewRequest = ZImageIdParams;
export type TRecordViewRequest = z.input<typeof ZRecordViewRequest>;

export const ZRecordViewResponse = z.object({
  status: z.literal('ok'),
  view_cnt: zCount('view_cnt'),
});
export type TRecordViewResponse = z.infer<typeof ZRecordViewResponse>;
