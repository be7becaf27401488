import path from 'node:path';
import sharp from 'sharp';
import { bench, describe } from 'vitest';
import { RATIOS } from '@velvet/contracts/options';
import { drawDemoImage } from '../image-model/demo.ts';
import { createLocalFaceAgeEstimator, humanPackageDir } from './face-age-local.ts';

// The local face age check runs in the worker on every generated picture before it is stored. Its cost
// per picture is shown next to drawing one demo picture of the same size, measured in the same run, so
// that the ratio holds on any machine.
const { width, height } = RATIOS.Portrait;
const estimator = createLocalFaceAgeEstimator();

let pictures: { face: Buffer; noFace: Buffer } | undefined;
/** A Portrait WebP with one real adult face (a sample from the package) pasted on a demo drawing, and one without. */
async function benchPictures() {
  if (pictures) return pictures;
  const face = await sharp(path.join(humanPackageDir(), 'assets', 'screenshot-faceid.jpg'))
    .extract({ left: 10, top: 135, width: 150, height: 150 })
    .resize(400, 400)
    .png()
    .toBuffer();
  const background = await drawDemoImage('seed 3', width, height);
  pictures = {
    face: await sharp(background)
      .composite([{ input: face, left: 216, top: 160 }])
      .webp({ quality: 82 })
      .toBuffer(),
    noFace: background,
  };
  // Load Human and its models, and run the first (slow) inference, outside the measured runs.
  await estimator.estimate(pictures.face);
  return pictures;
}

describe('picture safety check (local, per Portrait picture)', () => {
  let n = 0;
  bench('reference: draw one demo Portrait picture (832x1216 WebP)', async () => {
    await drawDemoImage(`bench prompt ${n++}`, width, height);
  });

  bench(
    'local face age check, one face (832x1216 WebP)',
    async () => {
      await estimator.estimate((await benchPictures()).face);
    },
    { iterations: 20 },
  );

  bench(
    'local face age check, no face (832x1216 WebP)',
    async () => {
      await estimator.estimate((await benchPictures()).noFace);
    },
    { iterations: 20 },
  );
});
