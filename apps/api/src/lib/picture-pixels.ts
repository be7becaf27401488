import { loadSharp } from './sharp.ts';

/** Longest side of a decoded picture: larger ones (4k) are scaled down as they are decoded. */
export const PIXELS_MAX_SIDE = 1280;

/** A picture decoded once in the worker, for the local face check and the grid thumbnail alike. */
export interface RgbPicture {
  /** Upright sRGB, 3 bytes a pixel, `height` rows of `width` pixels. */
  data: Buffer;
  width: number;
  height: number;
  /** The picture's own size, upright (larger than width x height when it was scaled down). */
  pictureWidth: number;
  pictureHeight: number;
  /** The picture had an alpha channel, dropped here: a thumbnail is then made from the bytes instead. */
  hadAlpha: boolean;
}

/** WebP, PNG or JPEG bytes -> upright sRGB pixels, at most PIXELS_MAX_SIDE on the longest side. */
export async function decodeRgb(image: Buffer): Promise<RgbPicture> {
  const sharp = await loadSharp();
  const meta = await sharp(image).metadata();
  const { width: pictureWidth, height: pictureHeight } = meta.autoOrient;
  const { data, info } = await sharp(image)
    .autoOrient()
    .resize({ width: PIXELS_MAX_SIDE, height: PIXELS_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`decoded ${info.channels} channels instead of 3`);
  return { data, width: info.width, height: info.height, pictureWidth, pictureHeight, hadAlpha: meta.hasAlpha };
}

/**
 * Gives a decoded picture's memory back now; its `data` is empty afterwards. The pixels are sharp's
 * (3 MiB at 1024 px), freed only once V8 has collected their buffer: on Node 24 a decode that lived
 * through a check waited for two full collections, so the worker's main thread held ~3 MiB more with
 * every picture, up to ~60 MiB (docs/performance.md, "The decoded pixels, given back"). Detaching the
 * buffer (`transfer(0)`) frees them at once, without a copy. Call it only when nothing reads the pixels
 * any more: sharp reads them while it makes a thumbnail from them. Node 20 has no
 * ArrayBuffer.prototype.transfer: there they are left to the collector, as before.
 */
export function releasePixels(picture: RgbPicture): void {
  const { data } = picture;
  const memory = data.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer };
  // Only a buffer that is its memory's only view (sharp's output is): a slice of Node's shared pool
  // would take other buffers' bytes with it.
  if (typeof memory.transfer !== 'function' || data.byteOffset !== 0 || data.byteLength !== memory.byteLength) return;
  memory.transfer(0);
}
