import type { RgbPicture } from '../../lib/picture-pixels.ts';
import { loadSharp } from '../../lib/sharp.ts';
import type { ImageStorage } from './index.ts';

/** Grid cards are at most 300 CSS px wide; twice that keeps them sharp on dense screens. */
export const THUMBNAIL_WIDTH = 600;
export const THUMBNAIL_QUALITY = 78;
/**
 * libwebp's effort (0-6; sharp's default 4). At 2 a thumbnail takes half the CPU (1024 px photo to 600:
 * 39 -> 21 ms; demo drawing: 23 -> 11 ms) for 3-5% more bytes (74.9 -> 77.4 KB; 7.2 -> 7.5 KB), and the
 * worker makes one per image while the face check runs (docs/performance.md, "One decode, one ledger statement, a cheaper thumbnail").
 */
export const THUMBNAIL_EFFORT = 2;

const RUN_ID = /^[A-Za-z0-9]{32}$/;
const IMAGE_ID = /^[A-Za-z0-9]{32}\d{3}$/;

/** Where member-visible files live: the only prefixes a member route may ever read from. */
const MEMBER_SERVED_PREFIXES = ['images/', 'thumbs/'] as const;

/** Where pictures withheld by the picture safety check live: no member route serves this prefix. */
export const QUARANTINE_PREFIX = 'quarantine/';

function assertImageId(imageId: string): string {
  if (!IMAGE_ID.test(imageId)) throw new Error(`Not an image id: ${imageId}`);
  const runId = imageId.slice(0, 32);
  if (!RUN_ID.test(runId)) throw new Error(`Not a run id: ${runId}`);
  return runId;
}

/** Storage keys derive only from server-generated ids, validated here once more. */
export function imageKeys(imageId: string): { originalKey: string; thumbnailKey: string } {
  const runId = assertImageId(imageId);
  return {
    originalKey: `images/${runId}/${imageId}.webp`,
    thumbnailKey: `thumbs/${runId}/${imageId}.webp`,
  };
}

/** The key of a held picture, for reviewers only: `quarantine/<imageId>.webp`. */
export function quarantineKeyFor(imageId: string): string {
  assertImageId(imageId);
  return `${QUARANTINE_PREFIX}${imageId}.webp`;
}

/** Whether a member route may serve `key` (an original or a thumbnail; never a quarantined picture). */
export function isMemberServedKey(key: string): boolean {
  return MEMBER_SERVED_PREFIXES.some((prefix) => key.startsWith(prefix)) && !key.includes('..');
}

/**
 * The grid thumbnail (WebP, THUMBNAIL_WIDTH wide at most). `pixels`: the picture decoded already (the
 * worker's, shared with the local face check), which saves decoding it a second time (a third of the
 * thumbnail's CPU); a picture with an alpha channel is made from the bytes, keeping its transparency.
 */
export async function makeThumbnail(webp: Buffer, pixels?: Promise<RgbPicture>): Promise<Buffer> {
  const sharp = await loadSharp();
  const rgb = pixels ? await pixels : null;
  const source =
    rgb && !rgb.hadAlpha
      ? sharp(rgb.data, { raw: { width: rgb.width, height: rgb.height, channels: 3 } })
      : sharp(webp);
  return source
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .webp({ quality: THUMBNAIL_QUALITY, effort: THUMBNAIL_EFFORT })
    .toBuffer();
}

/** Stores an original (WebP) and its grid thumbnail; returns both keys. */
export async function storeImageFiles(
  storage: ImageStorage,
  imageId: string,
  webp: Buffer,
  /** The thumbnail when it was made already (the worker makes it while the safety check runs). */
  madeThumbnail?: Promise<Buffer>,
) {
  const keys = imageKeys(imageId);
  const thumbnail = await (madeThumbnail ?? makeThumbnail(webp));
  // Side by side: two requests to S3 (or two writes on disk) in the time of one. Neither is served
  // before the image row points at both.
  await Promise.all([
    storage.put(keys.originalKey, webp, 'image/webp'),
    storage.put(keys.thumbnailKey, thumbnail, 'image/webp'),
  ]);
  return keys;
}

/** Stores a held picture (WebP) under its quarantine key only, without a thumbnail; returns the key. */
export async function storeQuarantinedImage(storage: ImageStorage, imageId: string, webp: Buffer): Promise<string> {
  const key = quarantineKeyFor(imageId);
  await storage.put(key, webp, 'image/webp');
  return key;
}
