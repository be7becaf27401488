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
