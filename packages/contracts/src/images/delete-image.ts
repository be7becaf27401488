// POST /api/v2/image/delete/:image_id (bearer): deletes one's own image (it also leaves the public
// gallery). Both statuses carry a message the client shows as a toast.
import { z } from 'zod';
import { ZImageIdParams } from '../common.ts';

/** Path params; there is no body. */
export const ZDeleteImageRequest = ZImageIdParams;
export type TDeleteImageRequest = z.input<typeof ZDeleteImageRequest>;

export const ZDeleteImageResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ok'), message: z.string() }),
  z.object({ status: z.literal('no'), message: z.string() }),
]);
export type TDeleteImageResponse = z.infer<typeof ZDeleteImageResponse>;
