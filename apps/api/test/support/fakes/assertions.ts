import sharp from 'sharp';
import { expect } from 'vitest';
import { ImageProviderError } from '../../../src/providers/image-model/errors.ts';
import type { GeneratedImage } from '../../../src/providers/image-model/index.ts';

/** Exactly `count` WebP pictures of width x height, each what its metadata says. */
export async function expectWebpImages(images: GeneratedImage[], count: number, width: number, height: number) {
  expect(images).toHaveLength(count);
  for (const image of images) {
    const meta = await sharp(image.data).metadata();
    expect([meta.format, meta.width, meta.height, image.width, image.height]).toEqual([
      'webp',
      width,
      height,
      width,
      height,
    ]);
  }
}

/** The ImageProviderError a generation fails with (fails the test when it succeeds or throws anything else). */
export async function providerFailure(promise: Promise<unknown>): Promise<ImageProviderError> {
  const outcome = await promise.then(
    () => new Error('expected the generation to fail'),
    (err: unknown) => err,
  );
  expect(outcome).toBeInstanceOf(ImageProviderError);
  return outcome as ImageProviderError;
}
