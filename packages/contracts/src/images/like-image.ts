// POST /api/v2/image/likes/:image_id and POST /api/v1/image/likes/:image_id (bearer): toggles the
// caller's like. The client shows the returned values rather than guessing.
import { z } from 'zod';
import { zCount, ZImageIdParams, ZYN } from '../common.ts';

/** Path params; there is no body. */
export const ZLikeImageRequest = ZImageIdParams;
export type TLikeImageRequest = z.input<typeof ZLikeImageRequest>;

export const ZLikeImageResponse = z.object({
  status: z.literal('ok'),
  is_liked: ZYN,
  like_cnt: zCount('like_cnt'),
});
export type TLikeImageResponse = z.infer<typeof ZLikeImageResponse>;
