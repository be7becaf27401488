import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeRgb } from '../../lib/picture-pixels.ts';
import { drawDemoImage } from '../image-model/demo.ts';
import {
  imageKeys,
  isMemberServedKey,
  makeThumbnail,
  quarantineKeyFor,
  QUARANTINE_PREFIX,
  storeQuarantinedImage,
  THUMBNAIL_WIDTH,
} from './image-files.ts';
import { createLocalDiskStorage } from './local-disk.ts';

const RUN = 'Ab3'.repeat(10) + 'xy';
const IMAGE = `${RUN}002`;

describe('storage keys', () => {
  it('puts originals and thumbnails under the run, held pictures under quarantine/', () => {
    expect(imageKeys(IMAGE)).toEqual({
      originalKey: `images/${RUN}/${IMAGE}.webp`,
      thumbnailKey: `thumbs/${RUN}/${IMAGE}.webp`,
    });
    expect(quarantineKeyFor(IMAGE)).toBe(`quarantine/${IMAGE}.webp`);
  });

  it('refuses anything that is not a server-made image id', () => {
    for (const bad of ['../etc/passwd', `${RUN}02`, `${RUN}/002`, `${RUN.slice(1)}-002`]) {
      expect(() => quarantineKeyFor(bad)).toThrow(/Not an image id/);
      expect(() => imageKeys(bad)).toThrow(/Not an image id/);
    }
  });

  it('lets member routes read originals and thumbnails, never a quarantined picture', () => {
    const keys = imageKeys(IMAGE);
    expect(isMemberServedKey(keys.originalKey)).toBe(true);
    expect(isMemberServedKey(keys.thumbnailKey)).toBe(true);
    expect(isMemberServedKey(quarantineKeyFor(IMAGE))).toBe(false);
    expect(isMemberServedKey(`images/../${QUARANTINE_PREFIX}${IMAGE}.webp`)).toBe(false);
    expect(isMemberServedKey(`x${keys.originalKey}`)).toBe(false);
  });

  it('stores a held picture only under its quarantine key', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'velvet-quarantine-'));
    try {
      const storage = createLocalDiskStorage(root);
      const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
        .webp()
        .toBuffer();
      const key = await storeQuarantinedImage(storage, IMAGE, webp);
      expect(key).toBe(quarantineKeyFor(IMAGE));
      expect(await storage.get(key)).toEqual(webp);
      const keys = imageKeys(IMAGE);
      expect(await storage.get(keys.originalKey)).toBeNull();
      expect(await storage.get(keys.thumbnailKey)).toBeNull();
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

/** Mean absolute difference per channel of two pictures of the same size (0-255). */
async function meanDifference(a: Buffer, b: Buffer): Promise<number> {
  const [pa, pb] = await Promise.all([a, b].map((p) => sharp(p).removeAlpha().raw().toBuffer()));
  expect(pa!.length).toBe(pb!.length);
  let sum = 0;
  for (let i = 0; i < pa!.length; i += 1) sum += Math.abs(pa![i]! - pb![i]!);
  return sum / pa!.length;
}

describe('grid thumbnails', () => {
  it('made from the pixels the worker decoded for the face check: the thumbnail made from the bytes', async () => {
    const drawing = await drawDemoImage('a thumbnail', 1024, 1024);
    // Larger than the decode's 1280 px cap: the pixels are scaled down first, the thumbnail is the same.
    const large = await sharp(drawing).resize(2048, 1536, { fit: 'fill' }).jpeg({ quality: 92 }).toBuffer();
    for (const [picture, height] of [
      [drawing, 600],
      [large, 450],
    ] as const) {
      const fromBytes = await makeThumbnail(picture);
      const fromPixels = await makeThumbnail(picture, decodeRgb(picture));
      for (const thumbnail of [fromBytes, fromPixels]) {
        expect(await sharp(thumbnail).metadata()).toMatchObject({ format: 'webp', width: THUMBNAIL_WIDTH, height });
      }
      // Encoder noise only (the same picture, resized from the same decode).
      expect(await meanDifference(fromBytes, fromPixels)).toBeLessThan(2);
    }
  });

  it('never enlarges a narrow picture, from the bytes or the pixels', async () => {
    const narrow = await drawDemoImage('narrow', 400, 640);
    for (const thumbnail of [await makeThumbnail(narrow), await makeThumbnail(narrow, decodeRgb(narrow))]) {
      expect(await sharp(thumbnail).metadata()).toMatchObject({ width: 400, height: 640 });
    }
  });

  it('keeps the transparency of a picture with an alpha channel (made from its bytes)', async () => {
    const transparent = await sharp({ create: { width: 800, height: 800, channels: 4, background: '#ff000000' } })
      .composite([{ input: await drawDemoImage('alpha', 400, 400), left: 200, top: 200 }])
      .png()
      .toBuffer();
    const thumbnail = await makeThumbnail(transparent, decodeRgb(transparent));
    const { data, info } = await sharp(thumbnail).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(data[3]).toBe(0); // the top left corner is still see-through
  });
});
