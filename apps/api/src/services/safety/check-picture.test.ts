import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_REKOGNITION,
  startRekognitionFake,
  type RekognitionFake,
} from '../../../test/support/fakes/rekognition.ts';
import { decodeRgb } from '../../lib/picture-pixels.ts';
import { drawDemoImage } from '../../providers/image-model/demo.ts';
import { createLocalFaceAgeEstimator, humanPackageDir } from '../../providers/safety/face-age-local.ts';
import { createRekognitionFaceAgeEstimator } from '../../providers/safety/face-age-rekognition.ts';
import { type FaceAgeEstimator, SafetyProviderError } from '../../providers/safety/index.ts';
import { createPictureSafetyCheck } from './check-picture.ts';

// Real adult faces from the samples inside @vladmandic/human: one man (top left of the screenshot).
const SCREENSHOT_FACEID = path.join(humanPackageDir(), 'assets', 'screenshot-faceid.jpg');

const local = createLocalFaceAgeEstimator();
let adultFace: Buffer;
let rekognition: RekognitionFake;
beforeAll(async () => {
  adultFace = await sharp(SCREENSHOT_FACEID).extract({ left: 10, top: 135, width: 150, height: 150 }).webp().toBuffer();
  rekognition = await startRekognitionFake();
});
afterAll(() => rekognition.close());

const rekognitionEstimator = () =>
  createRekognitionFaceAgeEstimator({
    region: FAKE_REKOGNITION.region,
    endpoint: rekognition.url,
    credentials: { accessKeyId: FAKE_REKOGNITION.accessKeyId, secretAccessKey: FAKE_REKOGNITION.secretAccessKey },
  });

describe('picture safety check', { timeout: 60_000 }, () => {
  it('holds a picture whose face is estimated under the minimum age, and allows the same face above it', async () => {
    const held = await createPictureSafetyCheck([local], 99).check(adultFace);
    expect(held).toMatchObject({
      outcome: 'held',
      stage: 'picture',
      category: 'minors',
      rule: 'picture:face-under-99',
      faces: 1,
      checker: 'face-age-local',
    });
    // An adult: the age the reviewer reads is the estimate, rounded down.
    expect(held.minAge).toBeGreaterThanOrEqual(25);
    expect(held).toMatchObject({ matched: [`face ~${Math.floor(held.minAge!)} (face-age-local)`] });

    const allowed = await createPictureSafetyCheck([local], 18).check(adultFace);
    expect(allowed).toEqual({ outcome: 'allowed', faces: 1, minAge: held.minAge, checker: 'face-age-local' });
  });

  it('allows a picture without faces', async () => {
    // A demo drawing in which the detector finds nothing (see face-age-local.test.ts).
    const drawing = await drawDemoImage('seed 3', 832, 1216);
    expect(await createPictureSafetyCheck([local], 25).check(drawing)).toEqual({
      outcome: 'allowed',
      faces: 0,
      minAge: null,
      checker: 'face-age-local',
    });
  });

  it('counts the youngest estimate of all checkers', async () => {
    const check = createPictureSafetyCheck([local, rekognitionEstimator()], 25);
    expect(check.name).toBe('face-age-local+face-age-rekognition');

    // Rekognition agrees the face is adult: allowed.
    rekognition.faces = [
      {
        BoundingBox: { Left: 0.05, Top: 0.05, Width: 0.9, Height: 0.9 },
        AgeRange: { Low: 33, High: 41 },
        Confidence: 99.8,
      },
    ];
    const agreed = await check.check(adultFace);
    expect(agreed).toMatchObject({ outcome: 'allowed', faces: 1, checker: 'face-age-local+face-age-rekognition' });

    // Rekognition's range starts under 25: held, on its estimate only.
    rekognition.faces = [{ ...rekognition.faces[0]!, AgeRange: { Low: 16, High: 24 } }];
    const held = await check.check(adultFace);
    expect(held).toMatchObject({
      outcome: 'held',
      rule: 'picture:face-under-25',
      matched: ['face ~16 (face-age-rekognition)'],
      faces: 1,
      minAge: 16,
      checker: 'face-age-local+face-age-rekognition',
    });
  });

  it('fails (never allows) when a checker fails, so that the worker retries', async () => {
    await expect(createPictureSafetyCheck([local], 25).check(Buffer.from('not a picture'))).rejects.toBeInstanceOf(
      SafetyProviderError,
    );

    // The local checker finds an adult, but Rekognition answers an error: no verdict at all.
    rekognition.failure = { status: 400, type: 'AccessDeniedException', message: 'User is not authorized' };
    try {
      const check = createPictureSafetyCheck([local, rekognitionEstimator()], 25);
      await expect(check.check(adultFace)).rejects.toThrow(
        'face-age-rekognition: DetectFaces failed: AccessDeniedException',
      );
    } finally {
      rekognition.failure = null;
    }
  });

  it('gives the worker’s decoded pixels to the checkers that look on this machine, the bytes to the others', async () => {
    const drawing = await drawDemoImage('seed 3', 832, 1216); // no face (face-age-local.test.ts)
    const seen: { image: Buffer; pixels: unknown }[] = [];
    const hosted: FaceAgeEstimator = {
      name: 'hosted',
      async estimate(image, _signal, pixels) {
        seen.push({ image, pixels });
        return [];
      },
    };
    expect(createPictureSafetyCheck([hosted], 25).usesPixels).toBe(false);
    const check = createPictureSafetyCheck([local, hosted], 25);
    expect(check.usesPixels).toBe(true);
    // The local checker looks at the pixels given (a faceless drawing's), not at the bytes (a face).
    const verdict = await check.check(adultFace, undefined, decodeRgb(drawing));
    expect(verdict).toMatchObject({ outcome: 'allowed', faces: 0 });
    expect(seen).toEqual([{ image: adultFace, pixels: undefined }]);
  });

  it('refuses to be built without a checker', () => {
    expect(() => createPictureSafetyCheck([], 25)).toThrow('at least one');
  });
});
