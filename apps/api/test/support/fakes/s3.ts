// A stand-in for an S3-compatible object store (path-style, like MinIO): PUT/GET/DELETE
// /{bucket}/{key} with S3's XML errors (NoSuchKey, NoSuchBucket, SignatureDoesNotMatch). Every
// request must carry an AWS Signature Version 4 Authorization header, which the fake verifies with the
// shared secret exactly as S3 does (canonical request, string to sign, derived signing key), and its
// x-amz-content-sha256 must match the body.
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { startFakeServer, type FakeServer } from './http-fake.ts';
import { verifySigV4, type SignatureCheck } from './sigv4.ts';

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

export interface S3Fake extends FakeServer {
  objects: Map<string, StoredObject>;
  /** The SigV4 verdict of every request, in order. */
  signatures: SignatureCheck[];
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
    const check = verifySigV4(req, { service: 's3', secretAccessKey: FAKE_S3.secretAccessKey });
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
