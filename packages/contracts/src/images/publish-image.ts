// POST /api/v2/image/publish/:image_id (bearer): toggles publication of one's own image and returns
// the new is_open. A claimed or deleted image cannot be published (4xx ZErrorResponse).
import { z } from 'zod';
import { ZImageIdParams, ZYN } from '../common.ts';

/** Path params; there is no body (the server toggles). */
export const ZPublishImageRequest = ZImageIdParams;
export type TPublishImageRequest = z.input<typeof ZPublishImageRequest>;

export const ZPublishImageResponse = z.object({
  status: z.literal('ok'),
  is_open: ZYN,
});
export type TPublishImageResponse = z.infer<typeof ZPublishImageResponse>;
