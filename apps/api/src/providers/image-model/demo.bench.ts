import { bench, describe } from 'vitest';
import { RATIOS } from '@velvet/contracts/options';
import { makeThumbnail } from '../storage/image-files.ts';
import { drawDemoImage } from './demo.ts';

// The demo provider and thumbnails run for every generated image and for the whole seed on a first
// start: keep an eye on their cost per picture.
describe('demo image pipeline', () => {
  let n = 0;
  bench('draw one Portrait picture (832x1216 WebP)', async () => {
    await drawDemoImage(`bench prompt ${n++}`, RATIOS.Portrait.width, RATIOS.Portrait.height);
  });

  let thumbSource: Buffer | undefined;
  bench(
    'make a 600 px grid thumbnail',
    async () => {
      thumbSource ??= await drawDemoImage('thumbnail source', RATIOS.Portrait.width, RATIOS.Portrait.height);
      await makeThumbnail(thumbSource);
    },
    { iterations: 20 },
  );
});
