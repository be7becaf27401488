// POST /api/v1/image/down/:image_id (bearer): records a download; the client then fetches the file
// from the detail path and saves it as .webp.
import { z } from 'zod';
import { ZImageIdParams } from '../common.ts';

/** Path params; there is no body. */
export const ZRecordDownloadRequest = ZImageIdParams;
export type TRecordDownloadRequest = z.input<typeof ZRecordDownloadRequest>;

export const ZRecordDownloadResponse = z.object({ status: z.literal('ok') });
export type TRecordDownloadResponse = z.infer<typeof ZRecordDownloadResponse>;
