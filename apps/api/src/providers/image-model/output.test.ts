import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageProviderError } from './errors.ts';
import { toGeneratedImages } from './output.ts';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#804080' } })
    .png()
    .toBuffer();

const square = { width: 64, height: 64, upscale4k: false, count: 1 };

async function failure(promise: Promise<unknown>) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImageProviderError);
  return err as ImageProviderError;
}

describe('provider output to stored pictures', () => {
  it('converts to WebP at the exact size, snapping near misses and shrinking larger pictures', async () => {
    const images = await toGeneratedImages('test', [await png(64, 64), await png(62, 66), await png(256, 256)], {
      ...square,
      count: 3,
    });
    for (const image of images) {
      const meta = await sharp(image.data).metadata();
      expect([meta.format, meta.width, meta.height, image.width, image.height]).toEqual(['webp', 64, 64, 64, 64]);
    }
  });

  it('expects twice the size for 4k and refuses a picture the upscale pass never touched', async () => {
    const [image] = await toGeneratedImages('test', [await png(128, 128)], { ...square, upscale4k: true });
    expect([image!.width, image!.height]).toEqual([128, 128]);
    const err = await failure(toGeneratedImages('test', [await png(64, 64)], { ...square, upscale4k: true }));
    expect([err.code, err.transient, err.message]).toEqual([
      'malformed',
      false,
      'test: image 1 is 64x64, expected 128x128',
    ]);
  });

  it('keeps the first count pictures, refuses fewer, and refuses bytes that are not a picture', async () => {
    expect(await toGeneratedImages('test', [await png(64, 64), await png(64, 64)], square)).toHaveLength(1);
    const few = await failure(toGeneratedImages('test', [await png(64, 64)], { ...square, count: 2 }));
    expect([few.code, few.transient]).toEqual(['too_few_images', false]);
    const junk = await failure(toGeneratedImages('test', [Buffer.from('<html>error</html>')], square));
    expect([junk.code, junk.transient]).toEqual(['malformed', false]);
  });
});
