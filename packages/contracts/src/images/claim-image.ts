// POST /api/v2/image/claim/:image_id (bearer): asks for the image's coins back; one-way. The spec's
// status 'no' makes the client open the login modal.
import { z } from 'zod';
import { ZImageIdParams } from '../common.ts';

/** Path params; there is no body. */
export const ZClaimImageRequest = ZImageIdParams;
export type TClaimImageRequest = z.input<typeof ZClaimImageRequest>;

export const ZClaimImageOkResponse = z.object({
  status: z.literal('ok'),
  /** A claimed image is claimed and unpublished. */
  is_claim: z.literal('Y'),
  is_open: z.literal('N'),
  message: z.string().optional(),
});
export const ZClaimImageNoResponse = z.object({
  status: z.literal('no'),
  message: z.string().optional(),
});
export const ZClaimImageResponse = z.discriminatedUnion('status', [ZClaimImageOkResponse, ZClaimImageNoResponse]);
export type TClaimImageResponse = z.infer<typeof ZClaimImageResponse>;
