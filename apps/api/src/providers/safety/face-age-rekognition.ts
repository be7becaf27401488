// AWS Rekognition DetectFaces with the AGE_RANGE attribute: a hosted second opinion on faces' ages.
// Rekognition takes JPEG or PNG bytes (up to 5 MB), not WebP: pictures are re-encoded as JPEG first.
// The SDK and sharp are imported on the first picture: the API process builds this estimator too
// (bootstrap/create-services.ts) but never checks a picture.
import type * as RekognitionModule from '@aws-sdk/client-rekognition';
import type { FaceDetail, RekognitionClient } from '@aws-sdk/client-rekognition';
import { onFirstUse } from '../../lib/on-first-use.ts';
import { loadSharp } from '../../lib/sharp.ts';
import { type FaceAge, type FaceAgeEstimator, SafetyProviderError } from './index.ts';

const NAME = 'face-age-rekognition';
/** Scaled down to this longest side (well under the 5 MB limit even for 4k pictures). */
const MAX_SIDE = 1920;

export interface RekognitionFaceAgeOptions {
  region: string;
  /** Only for tests and proxies; unset = the AWS endpoint of the region. */
  endpoint?: string | undefined;
  /** Unset = the SDK's default credential chain (instance role, AWS_* variables). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Per-request limit (the SDK retries throttling and 5xx answers on its own). */
  requestTimeoutMs?: number;
}

type RekognitionSdk = typeof RekognitionModule;

/** The reason of a failure without anything secret: the AWS error name and HTTP status, or the error class. */
function describeFailure(sdk: RekognitionSdk, err: unknown): string {
  if (err instanceof sdk.RekognitionServiceException) {
    return `DetectFaces failed: ${err.name} (HTTP ${err.$metadata.httpStatusCode ?? '?'})`;
  }
  if (err instanceof Error && err.name === 'CredentialsProviderError') return 'DetectFaces failed: no AWS credentials';
  return `DetectFaces failed: ${err instanceof Error ? err.name : 'unknown error'}`;
}

export function createRekognitionFaceAgeEstimator(options: RekognitionFaceAgeOptions): FaceAgeEstimator {
  const connect = onFirstUse(async (): Promise<{ sdk: RekognitionSdk; client: RekognitionClient }> => {
    const sdk = await import('@aws-sdk/client-rekognition');
    const client = new sdk.RekognitionClient({
      region: options.region,
      endpoint: options.endpoint,
      credentials: options.credentials,
      requestHandler: { connectionTimeout: 5_000, requestTimeout: options.requestTimeoutMs ?? 30_000 },
    });
    return { sdk, client };
  });
  return {
    name: NAME,
    async estimate(image, signal) {
      const [{ sdk, client }, sharp] = await Promise.all([connect(), loadSharp()]);
      let jpeg: Buffer;
      try {
        jpeg = await sharp(image)
          .autoOrient()
          .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
          .jpeg({ quality: 90 })
          .toBuffer();
      } catch (err) {
        throw new SafetyProviderError(NAME, 'the picture could not be decoded', { cause: err });
      }
      let faceDetails: FaceDetail[] | undefined;
      try {
        const answer = await client.send(
          new sdk.DetectFacesCommand({ Image: { Bytes: jpeg }, Attributes: ['AGE_RANGE'] }),
          signal ? { abortSignal: signal } : {},
        );
        faceDetails = answer.FaceDetails;
      } catch (err) {
        if (signal?.aborted) throw err;
        throw new SafetyProviderError(NAME, describeFailure(sdk, err), { cause: err });
      }
      if (!Array.isArray(faceDetails)) throw new SafetyProviderError(NAME, 'DetectFaces answered without FaceDetails');
      // Boxes are ratios of the (upright) picture; the JPEG keeps its proportions.
      const { width: pictureWidth, height: pictureHeight } = (await sharp(image).metadata()).autoOrient;
      return faceDetails.map((face): FaceAge => {
        const low = face.AgeRange?.Low;
        // A face without an age cannot be cleared: fail closed (the job retries).
        if (typeof low !== 'number' || !Number.isFinite(low)) {
          throw new SafetyProviderError(NAME, 'DetectFaces answered a face without AgeRange');
        }
        const box = face.BoundingBox ?? {};
        return {
          age: low,
          score: (face.Confidence ?? 0) / 100,
          box: {
            x: Math.round(Math.max(0, box.Left ?? 0) * pictureWidth),
            y: Math.round(Math.max(0, box.Top ?? 0) * pictureHeight),
            width: Math.round((box.Width ?? 0) * pictureWidth),
            height: Math.round((box.Height ?? 0) * pictureHeight),
          },
        };
      });
    },
  };
}
