import sharp from 'sharp';
import type { ImageStorage } from './index.ts';

/** Grid cards are at most 300 CSS px wide; twice that keeps them sharp on dense screens. */
export const THUMBNAIL_WIDTH = 600;

const RUN_ID = /^[A-Za-z0-9]{32}$/;
const IMAGE_ID = /^[A-Za-z0-9]{32}\d{3}$/;

/** Storage keys derive only from server-generated ids, validated here once more. */
export function imageKeys(imageId: string): { originalKey: string; thumbnailKey: string } {
  if (!IMAGE_ID.test(imageId)) throw new Error(`Not an image id: ${imageId}`);
  const runId = imageId.slice(0, 32);
  if (!RUN_ID.test(runId)) throw new Error(`Not a run id: ${runId}`);
  return {
    originalKey: `images/${runId}/${imageId}.webp`,
    thumbnailKey: `thumbs/${runId}/${imageId}.webp`,
  };
}

export async function makeThumbnail(webp: Buffer): Promise<Buffer> {
  return sharp(webp).resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
}

/** Stores an original (WebP) and its grid thumbnail; returns both keys. */
export async function storeImageFiles(storage: ImageStorage, imageId: string, webp: Buffer) {
  const keys = imageKeys(imageId);
  const thumbnail = await makeThumbnail(webp);
  await storage.put(keys.originalKey, webp, 'image/webp');
  await storage.put(keys.thumbnailKey, thumbnail, 'image/webp');
  return keys;
}
