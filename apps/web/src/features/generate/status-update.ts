// What a GET /api/v2/status/{id} answer means for an image of the screen (spec section 4): it becomes
// complete when the answer is complete with an image URL (or the image is deleted, whose URL is
// withheld), stays processing while processing, and any other status shows 'Generation failed'.
import type { TGetStatusResponse } from '@velvet/contracts/images/get-status';
import type { ImageStatusUpdate } from './slice.ts';

export function statusUpdateFrom(imageId: string, response: TGetStatusResponse): ImageStatusUpdate {
  const flags = { is_open: response.is_open, is_claim: response.is_claim, is_delete: response.is_delete };
  if (response.status === 'complete') {
    const ready = response.image_url !== null || response.is_delete === 'Y';
    return { image_id: imageId, status: ready ? 'complete' : 'processing', image_url: response.image_url, ...flags };
  }
  return { image_id: imageId, status: response.status, ...flags };
}
