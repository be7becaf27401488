import { apiPath, API_PATHS } from '@velvet/contracts/routes';
import type { TGetStatusResponse } from '@velvet/contracts/images/get-status';
import type { Model } from '@velvet/contracts/options';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { findImageForViewer } from '../../repositories/generation.repository.ts';
import { isMemberServedKey } from '../../providers/storage/image-files.ts';
import type { ImageStorage } from '../../providers/storage/index.ts';

type ViewedImage = NonNullable<Awaited<ReturnType<typeof findImageForViewer>>>;

const yn = (flag: boolean) => (flag ? 'Y' : 'N');

/** Published to Explore: open, not claimed, not deleted. */
export function isPublic(image: Pick<ViewedImage, 'isOpen' | 'isClaim' | 'isDelete'>): boolean {
  return image.isOpen && !image.isClaim && !image.isDelete;
}

/**
 * The image when `viewerId` may see it: its owner always (a deleted image still answers, so the detail
 * view can say it is deleted), anyone else only while it is public. Otherwise 404, never 403, so ids
 * cannot be probed.
 */
export async function findVisibleImage(db: Database, imageId: string, viewerId: string | null): Promise<ViewedImage> {
  const image = await findImageForViewer(db, imageId, viewerId);
  if (!image) throw notFound('Image');
  if (viewerId !== null && image.ownerId === viewerId) return image;
  if (isPublic(image)) return image;
  throw notFound('Image');
}

/**
 * GET /api/v2/status/:id. A held image (withheld by the picture safety check) answers 'held' with no
 * URLs: its picture is only in quarantine, which no member route serves.
 */
export async function getImageStatus(
  db: Database,
  imageId: string,
  viewerId: string | null,
): Promise<TGetStatusResponse> {
  const image = await findVisibleImage(db, imageId, viewerId);
  const own = image.ownerId === viewerId;
  const ready = image.status === 'complete' && image.originalKey !== null && !image.isDelete;
  const detailPath = apiPath(own ? API_PATHS.imageDetail : API_PATHS.publicImageDetail, { image_id: image.imageId });
  return {
    status: image.status,
    image_url: ready ? detailPath : null,
    image_save_url: ready ? detailPath : null,
    is_claim: yn(image.isClaim),
    is_open: yn(image.isOpen),
    like_cnt: image.likeCnt,
    view_cnt: image.viewCnt,
    is_delete: yn(image.isDelete),
    is_liked: yn(image.likes.length > 0),
    run_type: image.runType as Model,
  };
}

export interface ImageFile {
  data: Buffer;
  etag: string;
}

/**
 * The stored WebP (original or thumbnail) of an image the caller may see; 404 while not ready, and
 * for a held or failed image. Only original and thumbnail keys are ever read (never quarantine/).
 */
export async function readImageFile(
  db: Database,
  storage: ImageStorage,
  imageId: string,
  viewerId: string | null,
  variant: 'original' | 'thumbnail',
  /**
   * owner: only the owner (generation and collection views); visible: the owner or anyone while
   * published; public: published only, whoever asks (Explore); liker: published and liked by the
   * caller (Liked Contents).
   */
  rule: 'owner' | 'visible' | 'public' | 'liker',
): Promise<ImageFile> {
  const image = await findVisibleImage(db, imageId, viewerId);
  if (rule === 'owner' && image.ownerId !== viewerId) throw notFound('Image');
  if (rule === 'public' && !isPublic(image)) throw notFound('Image');
  if (rule === 'liker' && !(isPublic(image) && image.likes.length > 0)) throw notFound('Image');
  const key = variant === 'original' ? image.originalKey : image.thumbnailKey;
  if (image.status !== 'complete' || !key || !isMemberServedKey(key) || image.isDelete) throw notFound('Image');
  const data = await storage.get(key);
  if (!data) throw notFound('Image');
  // A stored picture never changes: its id and variant name it for good.
  return { data, etag: `"${image.imageId}-${variant}"` };
}
