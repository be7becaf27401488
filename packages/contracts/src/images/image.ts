// The image entity of spec section 3, as every gallery and detail call returns it, plus the client's
// image group. One update path of the original spells is_delete as is_delte; the contract uses
// is_delete everywhere.
import { z } from 'zod';
import { zCount, ZImageId, ZRunId, ZYN } from '../common.ts';
import { IMAGE_STATUSES, MODELS, RATIO_NAMES, type Ratio, STYLES } from '../options.ts';

export const RATIO_VALUES = RATIO_NAMES as [Ratio, ...Ratio[]];

export const ZImage = z.object({
  image_id: ZImageId,
  prompt: z.string(),
  /** The same prompt under the other name some views read. */
  prompts: z.string().optional(),
  run_type: z.enum(MODELS),
  run_style: z.enum(STYLES),
  run_ratio: z.enum(RATIO_VALUES),
  /** 0..1 in steps of 0.1. */
  strength: z.number().min(0).max(1),
  status: z.enum(IMAGE_STATUSES),
  /** Published to the public gallery. */
  is_open: ZYN,
  /** A coin refund was requested; one-way. */
  is_claim: ZYN,
  is_delete: ZYN,
  /** Whether the caller likes it ('N' for guests). */
  is_liked: ZYN,
  like_cnt: zCount('like_cnt'),
  view_cnt: zCount('view_cnt'),
  /** When the run was made, ISO 8601 (Date.toISOString()). */
  run_dt: z.iso.datetime({ offset: true }),
  /** Storage path; absent or null until complete. */
  img_path: z.string().nullish(),
  /** Where the grid loads the picture from; absent or null until complete. */
  imageUrl: z.string().nullish(),
  /** Where the detail view and download load the picture from; absent or null until complete. */
  imageDetailUrl: z.string().nullish(),
});
export type TImage = z.infer<typeof ZImage>;

/** What an image action changes (like, view, publish, claim, delete), as a screen applies it to its copy. */
export type TImagePatch = Partial<
  Pick<TImage, 'is_open' | 'is_claim' | 'is_delete' | 'is_liked' | 'like_cnt' | 'view_cnt' | 'run_type'>
>;

/** Images of one generation sharing a prompt; new groups go to the front of the list. */
export const ZImageGroup = z.object({
  run_id: ZRunId,
  prompt: z.string(),
  images: z.array(ZImage),
});
export type TImageGroup = z.infer<typeof ZImageGroup>;
