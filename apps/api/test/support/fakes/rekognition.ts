// A stand-in for Amazon Rekognition's DetectFaces, speaking its AWS JSON 1.1 protocol: POST / with
// `x-amz-target: RekognitionService.DetectFaces`, `content-type: application/x-amz-json-1.1`, a SigV4
// Authorization header (verified with the shared secret for the service `rekognition`, as AWS does),
// and a JSON body whose Image.Bytes is base64. It answers FaceDetails (BoundingBox as ratios of the
// picture, Confidence 0-100, AgeRange only when asked for) or AWS JSON errors ({"__type", "Message"}),
// and refuses what Rekognition refuses: anything but JPEG or PNG bytes, more than 5 MB.
import { createHash, createHmac } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { startFakeServer, type FakeServer, type RecordedRequest } from './http-fake.ts';

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

export interface SigV4Check {
  valid: boolean;
  credential?: string;
  signedHeaders?: string[];
  reason?: string;
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
  signatures: SigV4Check[];
  /** Every DetectFaces call that passed the protocol checks, in order. */
  calls: DetectFacesCall[];
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** Verifies an AWS Signature Version 4 for a POST / to the `rekognition` service, as AWS does. */
function verifySignature(req: RecordedRequest): SigV4Check {
  const header = String(req.headers.authorization ?? '');
  const match = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(header);
  if (!match) return { valid: false, reason: 'no AWS4-HMAC-SHA256 Authorization header' };
  const [, credential, signedList, signature] = match as unknown as [string, string, string, string];
  const [accessKeyId, date, region, service, terminator] = credential.split('/');
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const signedHeaders = signedList.split(';');
  if (
    accessKeyId !== FAKE_REKOGNITION.accessKeyId ||
    region !== FAKE_REKOGNITION.region ||
    service !== 'rekognition' ||
    terminator !== 'aws4_request' ||
    !amzDate.startsWith(date ?? '-')
  ) {
    return { valid: false, credential, signedHeaders, reason: 'bad credential scope' };
  }
  if (!signedHeaders.includes('host') || !signedHeaders.includes('x-amz-date')) {
    return { valid: false, credential, signedHeaders, reason: 'host and x-amz-date must be signed' };
  }
  const canonicalHeaders = signedHeaders
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const [rawPath, rawQuery = ''] = req.rawUrl.split('?') as [string, string?];
  const canonicalRequest = [req.method, rawPath, rawQuery, canonicalHeaders, signedList, sha256(req.body)].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${FAKE_REKOGNITION.secretAccessKey}`, date!), region!), service!),
    'aws4_request',
  );
  const expected = createHmac('sha256', key).update(stringToSign).digest('hex');
  return expected === signature
    ? { valid: true, credential, signedHeaders }
    : { valid: false, credential, signedHeaders, reason: 'signature does not match' };
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
  const signatures: SigV4Check[] = [];
  const calls: DetectFacesCall[] = [];
  // The handler reads faces and failure from the returned object, so tests can change them.
  const state: Pick<RekognitionFake, 'faces' | 'failure'> = { faces, failure: null };
  const server = await startFakeServer((req, res) => {
    if (req.method !== 'POST' || req.path !== '/') {
      return sendAwsError(res, 404, 'UnknownOperationException', 'Only POST / is served');
    }
    const check = verifySignature(req);
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
