// AWS Signature Version 4 as AWS checks it, for the fakes of AWS services (S3, Rekognition).
import { createHash, createHmac } from 'node:crypto';
import type { RecordedRequest } from './http-fake.ts';

export interface SignatureCheck {
  valid: boolean;
  credential?: string;
  signedHeaders?: string[];
  reason?: string;
}

export interface SigV4Expectation {
  service: string;
  secretAccessKey: string;
  /** When set, the credential must name them. */
  accessKeyId?: string;
  region?: string;
}

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as SigV4 wants for the query string. */
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Verifies the request's SigV4 signature with the fake's secret. */
export function verifySigV4(req: RecordedRequest, expected: SigV4Expectation): SignatureCheck {
  const header = String(req.headers.authorization ?? '');
  const match = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(header);
  if (!match) return { valid: false, reason: 'no AWS4-HMAC-SHA256 Authorization header' };
  const [, credential, signedList, signature] = match as unknown as [string, string, string, string];
  const [accessKeyId, date, region, service, terminator] = credential.split('/');
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const signedHeaders = signedList.split(';');
  if (
    terminator !== 'aws4_request' ||
    service !== expected.service ||
    (expected.accessKeyId !== undefined && accessKeyId !== expected.accessKeyId) ||
    (expected.region !== undefined && region !== expected.region) ||
    !amzDate.startsWith(date ?? '-')
  ) {
    return { valid: false, credential, signedHeaders, reason: 'bad credential scope' };
  }
  if (!signedHeaders.includes('host') || !signedHeaders.includes('x-amz-date')) {
    return { valid: false, credential, signedHeaders, reason: 'host and x-amz-date must be signed' };
  }
  // S3 sends the payload's hash (or UNSIGNED-PAYLOAD); other services sign the body's hash.
  const sentHash = req.headers['x-amz-content-sha256'];
  const payloadHash = sentHash === undefined ? sha256(req.body) : String(sentHash);
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(req.body)) {
    return { valid: false, credential, signedHeaders, reason: 'x-amz-content-sha256 does not match the body' };
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
  const key = hmac(hmac(hmac(hmac(`AWS4${expected.secretAccessKey}`, date!), region!), service!), 'aws4_request');
  const computed = createHmac('sha256', key).update(stringToSign).digest('hex');
  return computed === signature
    ? { valid: true, credential, signedHeaders }
    : { valid: false, credential, signedHeaders, reason: 'signature does not match' };
}
