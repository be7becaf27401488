// GET /api/v2/status/:id: polled every 5 s for processing images and called once when a detail view
// opens. `status` here is the image's status, not an ok/no flag. image_url and image_save_url are
// null until the image is complete, and stay null for a held image (withheld by the picture safety
// check: never served, its coins refunded).
import { z } from 'zod';
import { zCount, zImageId, ZYN } from '../common.ts';
import { IMAGE_STATUSES, MODELS } from '../options.ts';

/** Path params: the image_id under the name `id`. */
export const ZGetStatusRequest = z.object({ id: zImageId('id') });
export type TGetStatusRequest = z.input<typeof ZGetStatusRequest>;

export const ZGetStatusResponse = z.object({
  status: z.enum(IMAGE_STATUSES),
  /** Where the picture is shown from. */
  image_url: z.string().nullable(),
  /** Where the picture is downloaded from. */
  image_save_url: z.string().nullable(),
  is_claim: ZYN,
  is_open: ZYN,
  like_cnt: zCount('like_cnt'),
  view_cnt: zCount('view_cnt'),
  is_delete: ZYN,
  is_liked: ZYN,
  run_type: z.enum(MODELS),
});
export type TGetStatusResponse = z.infer<typeof ZGetStatusResponse>;

/** What a member is shown for a held image, wherever its status appears. */
export const HELD_IMAGE_TEXTS = {
  label: 'Held for review',
  explanation: 'A safety check withheld this picture for review. Your coins were refunded.',
} as const;
