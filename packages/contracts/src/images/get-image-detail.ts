// GET /api/v2/image/detail/:image_id (generation and collection views, bearer),
// GET /api/v2/likeimage/detail/:image_id (likes gallery, bearer) and
// GET /api/v1/image/detail/:image_id (public gallery): the picture itself as image/webp, not JSON.
import type { z } from 'zod';
import { ZImageIdParams } from '../common.ts';

/** Path params; the response body is the binary image. */
export const ZGetImageDetailRequest = ZImageIdParams;
export type TGetImageDetailRequest = z.input<typeof ZGetImageDetailRequest>;

/** Content type of the detail responses (the client saves downloads as .webp). */
export const IMAGE_DETAIL_CONTENT_TYPE = 'image/webp';
