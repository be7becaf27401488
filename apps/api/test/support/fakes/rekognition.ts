// A stand-in for Amazon Rekognition's DetectFaces, speaking its AWS JSON 1.1 protocol: POST / with
// `x-amz-target: RekognitionService.DetectFaces`, `content-type: application/x-amz-json-1.1`, a SigV4
// Authorization header (verified with the shared secret for the service `rekognition`, as AWS does),
// and a JSON body whose Image.Bytes is base64. It answers FaceDetails (BoundingBox as ratios of the
// picture, Confidence 0-100, AgeRange only when asked for) or AWS JSON errors ({"__type", "Message"}),
// and refuses what Rekognition refuses: anything but JPEG or PNG bytes, more than 5 MB.
import type { ServerResponse } from 'node:http';
import { startFakeServer, type FakeServer } from './http-fake.ts';
import { verifySigV4, type SignatureCheck } from './sigv4.ts';

export const FAKE_REKOGNITION = {
  region: 'eu-test-1',
  accessKeyId: 'AKIAVELVETREKOGNITION',
  secretAccessKey: 'velvet-rekognition-test-secret',
} as const;

export const DETECT_FACES_TARGET = 'RekognitionService.DetectFaces';
const JSON_11 = 'application/x-amz-json-1.1';
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const ATTRIBUTES = new Set([
  'DEFAULT',
  'ALL',
  'AGE_RANGE',
  'BEARD',
  'EMOTIONS',
  'EYE_DIRECTION',
  'EYEGLASSES',
  'EYES_OPEN',
  'GENDER',
  'MOUTH_OPEN',
  'MUSTACHE',
  'FACE_OCCLUDED',
  'SMILE',
  'SUNGLASSES',
]);

/** One face as the fake answers it (what DetectFaces returns for it with AGE_RANGE). */
export interface FakeFace {
  BoundingBox: { Width: number; Height: number; Left: number; Top: number };
  AgeRange: { Low: number; High: number };
  Confidence: number;
}

export interface DetectFacesCall {
  attributes: string[];
  /** The decoded Image.Bytes. */
  image: Buffer;
}

export interface RekognitionFake extends FakeServer {
  /** The faces every DetectFaces call answers (change between tests). */
  faces: FakeFace[];
  /** When set, every request answers this AWS error instead (ThrottlingException, AccessDeniedException...). */
  failure: { status: number; type: string; message: string } | null;
  /** The SigV4 verdict of every request, in order. */
  signatures: SignatureCheck[];
  /** Every DetectFaces call that passed the protocol checks, in order. */
  calls: DetectFacesCall[];
}

function sendAwsJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': JSON_11,
    'content-length': Buffer.byteLength(text),
    'x-amzn-requestid': 'velvet-fake-request',
  });
  res.end(text);
}

function sendAwsError(res: ServerResponse, status: number, type: string, message: string): void {
  sendAwsJson(res, status, { __type: type, Message: message });
}

const isJpeg = (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
const isPng = (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

export async function startRekognitionFake(faces: FakeFace[] = []): Promise<RekognitionFake> {
  const signatures: SignatureCheck[] = [];
  const calls: DetectFacesCall[] = [];
  // The handler reads faces and failure from the returned object, so tests can change them.
  const state: Pick<RekognitionFake, 'faces' | 'failure'> = { faces, failure: null };
  const server = await startFakeServer((req, res) => {
    if (req.method !== 'POST' || req.path !== '/') {
      return sendAwsError(res, 404, 'UnknownOperationException', 'Only POST / is served');
    }
    const check = verifySigV4(req, { service: 'rekognition', ...FAKE_REKOGNITION });
    signatures.push(check);
    if (!check.valid) {
      return sendAwsError(res, 403, 'InvalidSignatureException', check.reason ?? 'bad signature');
    }
    if (req.headers['x-amz-target'] !== DETECT_FACES_TARGET) {
      return sendAwsError(res, 400, 'UnknownOperationException', `Unknown operation ${req.headers['x-amz-target']}`);
    }
    if (!String(req.headers['content-type'] ?? '').startsWith(JSON_11)) {
      return sendAwsError(res, 400, 'SerializationException', `Expected ${JSON_11}`);
    }
    const body = req.json as { Image?: { Bytes?: unknown }; Attributes?: unknown } | undefined;
    if (typeof body?.Image?.Bytes !== 'string') {
      return sendAwsError(res, 400, 'InvalidParameterException', 'Image.Bytes is required');
    }
    const attributes = body.Attributes ?? ['DEFAULT'];
    if (!Array.isArray(attributes) || attributes.some((a) => typeof a !== 'string' || !ATTRIBUTES.has(a))) {
      return sendAwsError(res, 400, 'InvalidParameterException', 'Attributes has an invalid value');
    }
    const image = Buffer.from(body.Image.Bytes, 'base64');
    if (image.length > MAX_IMAGE_BYTES) {
      return sendAwsError(res, 400, 'ImageTooLargeException', 'Image size is too large');
    }
    if (!isJpeg(image) && !isPng(image)) {
      return sendAwsError(res, 400, 'InvalidImageFormatException', 'Request has invalid image format');
    }
    calls.push({ attributes: attributes as string[], image });
    if (state.failure) return sendAwsError(res, state.failure.status, state.failure.type, state.failure.message);
    const withAge = attributes.includes('AGE_RANGE') || attributes.includes('ALL');
    return sendAwsJson(res, 200, {
      FaceDetails: state.faces.map((face) => ({
        BoundingBox: face.BoundingBox,
        ...(withAge ? { AgeRange: face.AgeRange } : {}),
        Confidence: face.Confidence,
      })),
    });
  });
  const fake: RekognitionFake = Object.assign(state, server, { signatures, calls });
  return fake;
}
