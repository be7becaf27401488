// A local stand-in for Google's identity side, speaking its real protocol: an HTTP endpoint that
// serves the signing keys in the format of https://www.googleapis.com/oauth2/v1/certs ({ kid: PEM },
// with Cache-Control max-age), and RS256 id tokens signed with a locally generated RSA key. The API
// verifies them with google-auth-library's own OAuth2Client.verifyIdToken, pointed at this endpoint
// (GOOGLE_CERTS_URL), so nothing is faked inside the product and nothing reaches the network.
import { createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_GOOGLE_CLIENT_ID = 'velvet-test-client.apps.googleusercontent.com';
export const GOOGLE_ISSUER = 'https://accounts.google.com';

export interface IdTokenClaims {
  sub?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
  nonce?: string;
  aud?: string;
  iss?: string;
  /** Seconds since the epoch. */
  iat?: number;
  exp?: number;
  [claim: string]: unknown;
}

export interface SignOptions {
  /** Sign with another key (a bad signature: its kid is not served, or is served with another key). */
  privateKey?: KeyObject;
  kid?: string;
}

export interface GoogleIdentityFake {
  /** URL to put in GOOGLE_CERTS_URL. */
  certsUrl: string;
  /** URL to put in GOOGLE_AUTH_URL: an authorization endpoint for the id_token (implicit) flow. */
  authorizationUrl: string;
  /** Base URL of the control endpoints (POST /__control/sign, POST /__control/next-login). */
  controlUrl: string;
  clientId: string;
  /** Number of times the certs endpoint was fetched. */
  certRequests(): number;
  /** An id token with sensible defaults (valid for an hour, this fake's audience and issuer). */
  signIdToken(claims?: IdTokenClaims, options?: SignOptions): string;
  /** A key pair that is not served: tokens signed with it must be refused. */
  strangerKey(): KeyObject;
  stop(): Promise<void>;
}

const base64url = (input: Buffer | string) => Buffer.from(input).toString('base64url');

function rsaKeyPair() {
  return generateKeyPairSync('rsa', { modulusLength: 2048 });
}

/** Signs a JWT with RS256, as Google does. */
export function signJwt(header: Record<string, unknown>, payload: Record<string, unknown>, key: KeyObject): string {
  const signingInput = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  const signature = createSign('RSA-SHA256').update(signingInput).end().sign(key);
  return `${signingInput}.${base64url(signature)}`;
}

export async function startGoogleIdentityFake(clientId = FAKE_GOOGLE_CLIENT_ID): Promise<GoogleIdentityFake> {
  const { privateKey, publicKey } = rsaKeyPair();
  const kid = randomBytes(8).toString('hex');
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  let requests = 0;

  // What the next visit to the authorization endpoint does: sign in as this identity, or fail with
  // an OAuth error code (access_denied is what Google returns when the user cancels).
  let nextLogin: { claims: IdTokenClaims } | { error: string } = {
    claims: { email: 'google.user@example.test', name: 'Google User' },
  };

  const sign = (claims: IdTokenClaims = {}, options: SignOptions = {}) => {
    const now = Math.floor(Date.now() / 1000);
    const payload = {
      iss: GOOGLE_ISSUER,
      aud: clientId,
      azp: clientId,
      sub: claims.sub ?? `1${randomBytes(10).toString('hex')}`,
      email_verified: true,
      iat: now,
      exp: now + 3600,
      ...claims,
    };
    return signJwt({ alg: 'RS256', typ: 'JWT', kid: options.kid ?? kid }, payload, options.privateKey ?? privateKey);
  };

  const readJson = async (req: http.IncomingMessage): Promise<Record<string, unknown>> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
      // Google's authorization endpoint for response_type=id_token: checks the request, then sends
      // the browser back to redirect_uri with the result in the fragment.
      const q = url.searchParams;
      const problems = [
        q.get('client_id') !== clientId && 'client_id',
        q.get('response_type') !== 'id_token' && 'response_type',
        !q.get('redirect_uri') && 'redirect_uri',
        !q.get('nonce') && 'nonce',
        !['openid', 'email', 'profile'].every((s) => (q.get('scope') ?? '').split(' ').includes(s)) && 'scope',
      ].filter(Boolean);
      if (problems.length > 0) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(`invalid_request: ${problems.join(', ')}`);
        return;
      }
      const fragment = new URLSearchParams();
      if ('error' in nextLogin) fragment.set('error', nextLogin.error);
      else fragment.set('id_token', sign({ ...nextLogin.claims, nonce: q.get('nonce') ?? undefined }));
      if (q.get('state')) fragment.set('state', q.get('state') as string);
      res.writeHead(302, { location: `${q.get('redirect_uri')}#${fragment.toString()}` }).end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/__control/sign') {
      const body = await readJson(req);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id_token: sign(body as IdTokenClaims) }));
      return;
    }
    if (req.method === 'POST' && url.pathname === '/__control/next-login') {
      const body = await readJson(req);
      nextLogin = typeof body.error === 'string' ? { error: body.error } : { claims: body as IdTokenClaims };
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'GET' && url.pathname === '/oauth2/v1/certs') {
      requests += 1;
      res.writeHead(200, {
        'content-type': 'application/json; charset=UTF-8',
        'cache-control': 'public, max-age=21600, must-revalidate, no-transform',
      });
      res.end(JSON.stringify({ [kid]: publicPem }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    certsUrl: `http://127.0.0.1:${port}/oauth2/v1/certs`,
    authorizationUrl: `http://127.0.0.1:${port}/o/oauth2/v2/auth`,
    controlUrl: `http://127.0.0.1:${port}/__control`,
    clientId,
    certRequests: () => requests,
    signIdToken: sign,
    strangerKey: () => rsaKeyPair().privateKey,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
