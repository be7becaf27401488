// A stand-in for an S3-compatible object store (path-style, like MinIO): PUT/GET/DELETE
// /{bucket}/{key} with S3's XML errors (NoSuchKey, NoSuchBucket, SignatureDoesNotMatch). Every
// request must carry an AWS Signature Version 4 Authorization header, which the fake verifies with the
// shared secret exactly as S3 does (canonical request, string to sign, derived signing key), and its
// x-amz-content-sha256 must match the body.
import { createHash, createHmac } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { startFakeServer, type FakeServer, type RecordedRequest } from './http-fake.ts';

export const FAKE_S3 = {
  bucket: 'velvet-test',
  region: 'eu-test-1',
  accessKeyId: 'AKIAVELVETTEST',
  secretAccessKey: 'velvet-test-secret-key',
} as const;

interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface SignatureCheck {
  valid: boolean;
  credential?: string;
  signedHeaders?: string[];
  reason?: string;
}

export interface S3Fake extends FakeServer {
  objects: Map<string, StoredObject>;
  /** The SigV4 verdict of every request, in order. */
  signatures: SignatureCheck[];
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as SigV4 wants for the query string. */
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Verifies the request's SigV4 signature with the fake's secret. */
export function verifySigV4(req: RecordedRequest, secretAccessKey: string): SignatureCheck {
  const header = String(req.headers.authorization ?? '');
  const match = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(header);
  if (!match) return { valid: false, reason: 'no AWS4-HMAC-SHA256 Authorization header' };
  const [, credential, signedList, signature] = match as unknown as [string, string, string, string];
  const [, date, region, service, terminator] = credential.split('/');
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  const signedHeaders = signedList.split(';');
  if (terminator !== 'aws4_request' || service !== 's3' || !amzDate.startsWith(date ?? '-')) {
    return { valid: false, credential, reason: 'bad credential scope' };
  }
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(req.body)) {
    return { valid: false, credential, reason: 'x-amz-content-sha256 does not match the body' };
  }
  const [rawPath, rawQuery = ''] = req.rawUrl.split('?') as [string, string?];
  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [k, v = ''] = pair.split('=') as [string, string?];
      return [encode(decodeURIComponent(k)), encode(decodeURIComponent(v))] as const;
    })
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [req.method, rawPath, query, canonicalHeaders, signedList, payloadHash].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date!), region!), service!), 'aws4_request');
  const expected = createHmac('sha256', key).update(stringToSign).digest('hex');
  return expected === signature
    ? { valid: true, credential, signedHeaders }
    : { valid: false, credential, signedHeaders, reason: 'signature does not match' };
}

function sendXmlError(res: ServerResponse, status: number, code: string, message: string, resource: string) {
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${code}</Code><Message>${message}</Message><Resource>${resource}</Resource>` +
    '<RequestId>VELVETFAKE</RequestId><HostId>fake</HostId></Error>';
  res.writeHead(status, {
    'content-type': 'application/xml',
    'content-length': Buffer.byteLength(xml),
    'x-amz-request-id': 'VELVETFAKE',
  });
  res.end(xml);
}

export async function startS3Fake(): Promise<S3Fake> {
  const objects = new Map<string, StoredObject>();
  const signatures: SignatureCheck[] = [];
  const server = await startFakeServer((req, res) => {
    const check = verifySigV4(req, FAKE_S3.secretAccessKey);
    signatures.push(check);
    if (!check.valid) {
      return sendXmlError(res, 403, 'SignatureDoesNotMatch', check.reason ?? 'bad signature', req.path);
    }
    const [, bucket, ...keyParts] = req.path.split('/');
    const key = keyParts.map(decodeURIComponent).join('/');
    if (bucket !== FAKE_S3.bucket) {
      return sendXmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist', `/${bucket}`);
    }
    const etag = (body: Buffer) => `"${createHash('md5').update(body).digest('hex')}"`;
    switch (req.method) {
      case 'PUT': {
        objects.set(key, { body: req.body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
        res.writeHead(200, { etag: etag(req.body), 'x-amz-request-id': 'VELVETFAKE' });
        return res.end();
      }
      case 'GET': {
        const object = objects.get(key);
        if (!object) return sendXmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.', req.path);
        res.writeHead(200, {
          'content-type': object.contentType,
          'content-length': object.body.length,
          etag: etag(object.body),
          'last-modified': new Date().toUTCString(),
        });
        return res.end(object.body);
      }
      case 'DELETE': {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      default:
        return sendXmlError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed', req.path);
    }
  });
  return { ...server, objects, signatures };
}
