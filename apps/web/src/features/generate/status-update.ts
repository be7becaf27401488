// What a GET /api/v2/status/{id} answer means for an image of the screen (spec section 4): it becomes
// complete when the answer is complete with an image URL (or the image is deleted, whose URL is
// withheld), stays processing while processing, is held when the picture safety check withheld it
// ('Held for review', never a picture), and any other status shows 'Generation failed'.
import type { TGetStatusResponse } from '@velvet/contracts/images/get-status';
import type { GeneratedImage, ImageStatusUpdate } from './slice.ts';

/** What a result tile shows: a spinner, the picture, 'Held for review' or 'Generation failed'. */
export type TileState = 'processing' | 'complete' | 'held' | 'failed';

export function tileStateOf(image: Pick<GeneratedImage, 'status'>): TileState {
  switch (image.status) {
    case 'processing':
    case 'complete':
    case 'held':
      return image.status;
    default:
      return 'failed';
  }
}

export function statusUpdateFrom(imageId: string, response: TGetStatusResponse): ImageStatusUpdate {
  const flags = { is_open: response.is_open, is_claim: response.is_claim, is_delete: response.is_delete };
  if (response.status === 'complete') {
    const ready = response.image_url !== null || response.is_delete === 'Y';
    return { image_id: imageId, status: ready ? 'complete' : 'processing', image_url: response.image_url, ...flags };
  }
  return { image_id: imageId, status: response.status, ...flags };
}
