import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closedPortUrl, makePng } from '../../../test/support/fakes/http-fake.ts';
import {
  DETECT_FACES_TARGET,
  FAKE_REKOGNITION,
  startRekognitionFake,
  type FakeFace,
  type RekognitionFake,
} from '../../../test/support/fakes/rekognition.ts';
import { createRekognitionFaceAgeEstimator, type RekognitionFaceAgeOptions } from './face-age-rekognition.ts';
import { SafetyProviderError } from './index.ts';

const FACES: FakeFace[] = [
  {
    BoundingBox: { Left: 0.25, Top: 0.1, Width: 0.5, Height: 0.25 },
    AgeRange: { Low: 31, High: 39 },
    Confidence: 99.9,
  },
  {
    BoundingBox: { Left: 0.05, Top: 0.6, Width: 0.2, Height: 0.125 },
    AgeRange: { Low: 15, High: 21 },
    Confidence: 97.5,
  },
];

let fake: RekognitionFake;
let options: RekognitionFaceAgeOptions;
let webp: Buffer;
beforeAll(async () => {
  fake = await startRekognitionFake();
  options = {
    region: FAKE_REKOGNITION.region,
    endpoint: fake.url,
    credentials: { accessKeyId: FAKE_REKOGNITION.accessKeyId, secretAccessKey: FAKE_REKOGNITION.secretAccessKey },
  };
  webp = await sharp(await makePng(832, 1216))
    .webp()
    .toBuffer();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.faces = FACES;
  fake.failure = null;
});

describe('Rekognition face age estimator (fake DetectFaces, AWS JSON 1.1)', () => {
  it('sends a signed DetectFaces call with the picture as JPEG and asks for AGE_RANGE', async () => {
    const before = fake.requests.length;
    await createRekognitionFaceAgeEstimator(options).estimate(webp);

    const [request, ...more] = fake.requests.slice(before);
    expect(more).toEqual([]);
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/');
    expect(request!.headers['x-amz-target']).toBe(DETECT_FACES_TARGET);
    expect(request!.headers['content-type']).toBe('application/x-amz-json-1.1');
    const signature = fake.signatures.at(-1)!;
    expect(signature.valid).toBe(true);
    expect(signature.credential).toMatch(
      new RegExp(`^${FAKE_REKOGNITION.accessKeyId}/\\d{8}/${FAKE_REKOGNITION.region}/rekognition/aws4_request$`),
    );
    expect(signature.signedHeaders).toEqual(expect.arrayContaining(['host', 'x-amz-date', 'x-amz-target']));

    const call = fake.calls.at(-1)!;
    expect(call.attributes).toEqual(['AGE_RANGE']);
    // Rekognition refuses WebP: the bytes sent are a JPEG of the same picture.
    const sent = await sharp(call.image).metadata();
    expect(sent).toMatchObject({ format: 'jpeg', width: 832, height: 1216 });
  });

  it('answers each face with the low end of its age range, its confidence and its box in pixels', async () => {
    const faces = await createRekognitionFaceAgeEstimator(options).estimate(webp);
    expect(faces).toEqual([
      { age: 31, score: expect.closeTo(0.999, 6), box: { x: 208, y: 122, width: 416, height: 304 } },
      { age: 15, score: expect.closeTo(0.975, 6), box: { x: 42, y: 730, width: 166, height: 152 } },
    ]);
  });

  it('answers no face when Rekognition finds none', async () => {
    fake.faces = [];
    expect(await createRekognitionFaceAgeEstimator(options).estimate(webp)).toEqual([]);
  });

  it('scales large pictures down to stay under Rekognition’s 5 MB limit', async () => {
    // Noise compresses badly: this 2400x3200 JPEG alone is over 5 MB.
    const noisy = await sharp({
      create: {
        width: 2400,
        height: 3200,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(5 * 1024 * 1024);
    const faces = await createRekognitionFaceAgeEstimator(options).estimate(noisy);
    const sent = await sharp(fake.calls.at(-1)!.image).metadata();
    expect(Math.max(sent.width, sent.height)).toBe(1920);
    expect(fake.calls.at(-1)!.image.length).toBeLessThan(5 * 1024 * 1024);
    // Boxes are still in the picture's own pixels.
    expect(faces[0]!.box).toEqual({ x: 600, y: 320, width: 1200, height: 800 });
  }, 20_000);

  it('turns AWS errors into a SafetyProviderError that names the error and no secret', async () => {
    fake.failure = { status: 400, type: 'AccessDeniedException', message: 'User is not authorized' };
    const error = await createRekognitionFaceAgeEstimator(options)
      .estimate(webp)
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(SafetyProviderError);
    expect((error as Error).message).toBe('face-age-rekognition: DetectFaces failed: AccessDeniedException (HTTP 400)');

    const badSecret = createRekognitionFaceAgeEstimator({
      ...options,
      credentials: { accessKeyId: FAKE_REKOGNITION.accessKeyId, secretAccessKey: 'not-the-secret' },
    });
    const signatureError = await badSecret.estimate(webp).catch((err: unknown) => err);
    expect(signatureError).toBeInstanceOf(SafetyProviderError);
    expect((signatureError as Error).message).toContain('InvalidSignatureException');
    expect((signatureError as Error).message).not.toContain('not-the-secret');
    expect(fake.signatures.at(-1)!.valid).toBe(false);
  });

  it('fails with a SafetyProviderError when Rekognition cannot be reached', async () => {
    const unreachable = createRekognitionFaceAgeEstimator({ ...options, endpoint: await closedPortUrl() });
    await expect(unreachable.estimate(webp)).rejects.toBeInstanceOf(SafetyProviderError);
  });

  it('fails with a SafetyProviderError on bytes that are not a picture, without calling AWS', async () => {
    const before = fake.requests.length;
    await expect(createRekognitionFaceAgeEstimator(options).estimate(Buffer.from('nope'))).rejects.toBeInstanceOf(
      SafetyProviderError,
    );
    expect(fake.requests.length).toBe(before);
  });
});
