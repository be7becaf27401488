import { loadSharp } from '../../lib/sharp.ts';
import { ImageProviderError } from './errors.ts';
import type { GenerateParams, GeneratedImage } from './index.ts';

/** Below this share of the expected width or height a picture is refused rather than enlarged. */
const MIN_SIZE_SHARE = 0.9;

/** Pixel size of the stored picture: the ratio's size, doubled by the 4k upscale pass. */
export function outputSize(params: Pick<GenerateParams, 'width' | 'height' | 'upscale4k'>) {
  const scale = params.upscale4k ? 2 : 1;
  return { width: params.width * scale, height: params.height * scale };
}

/**
 * Turns what a provider returned (PNG, JPEG, WebP...) into exactly `count` WebP pictures of the
 * output size. Extra pictures are dropped (A1111 appends ControlNet maps after the batch); fewer is an
 * error. A picture a little off (a model rounding to its latent grid) or larger (a 4x upscaler) is
 * scaled to the exact size, because the gallery and the ratio label promise it. A much smaller one
 * means the upscale pass did not run: that is an error, not something to hide by stretching it.
 */
export async function toGeneratedImages(
  provider: string,
  sources: Buffer[],
  params: Pick<GenerateParams, 'width' | 'height' | 'upscale4k' | 'count'>,
): Promise<GeneratedImage[]> {
  if (sources.length < params.count) {
    throw new ImageProviderError(provider, 'too_few_images', `returned ${sources.length} of ${params.count} images`, {
      transient: false,
    });
  }
  const { width, height } = outputSize(params);
  const sharp = await loadSharp();
  return Promise.all(
    sources.slice(0, params.count).map(async (source, index) => {
      try {
        const image = sharp(source, { failOn: 'error' });
        const meta = await image.metadata();
        if (meta.width < width * MIN_SIZE_SHARE || meta.height < height * MIN_SIZE_SHARE) {
          throw new ImageProviderError(
            provider,
            'malformed',
            `image ${index + 1} is ${meta.width}x${meta.height}, expected ${width}x${height}`,
            { transient: false },
          );
        }
        if (meta.width !== width || meta.height !== height) image.resize(width, height, { fit: 'cover' });
        const data = await image.webp({ quality: 90 }).toBuffer();
        return { data, width, height };
      } catch (err) {
        if (err instanceof ImageProviderError) throw err;
        throw new ImageProviderError(provider, 'malformed', `image ${index + 1} is not a readable picture`, {
          transient: false,
          cause: err,
        });
      }
    }),
  );
}
