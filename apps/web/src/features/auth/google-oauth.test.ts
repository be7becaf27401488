import { describe, expect, it } from 'vitest';
import {
  CALLBACK_MESSAGES,
  buildGoogleAuthorizationUrl,
  checkCallback,
  createOAuthSecret,
  decodeIdTokenPayload,
  googleRedirectUri,
  idTokenHints,
  parseCallbackParams,
  safeRedirectTarget,
  socialLoginFailureMessage,
} from './google-oauth.ts';

const bytesToBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const base64Url = (value: string) => bytesToBase64Url(new TextEncoder().encode(value));
const jwt = (payload: unknown, header: unknown = { alg: 'RS256', typ: 'JWT' }) =>
  `${base64Url(JSON.stringify(header))}.${base64Url(JSON.stringify(payload))}.c2lnbmF0dXJl`;

const config = {
  client_id: 'client-123.apps.googleusercontent.com',
  authorization_url: 'https://accounts.test/o/oauth2/v2/auth',
};

describe('createOAuthSecret', () => {
  it('is 32 random bytes, URL-safe', () => {
    const secret = createOAuthSecret((bytes) => bytes.fill(255));
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(secret).toBe('_'.repeat(42) + '8');
  });

  it('differs between calls with the real random source', () => {
    expect(createOAuthSecret()).not.toBe(createOAuthSecret());
  });
});

describe('buildGoogleAuthorizationUrl', () => {
  it('asks for an id token with the nonce, state, scopes and account chooser', () => {
    const url = new URL(
      buildGoogleAuthorizationUrl({
        config,
        redirectUri: googleRedirectUri('https://velvet.test'),
        nonce: 'n-1',
        state: 's-1',
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.test/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'client-123.apps.googleusercontent.com',
      redirect_uri: 'https://velvet.test/login/oauth2/code/google',
      response_type: 'id_token',
      scope: 'openid email profile',
      nonce: 'n-1',
      state: 's-1',
      prompt: 'select_account',
    });
  });

  it('keeps query parameters the configured endpoint already has', () => {
    const url = new URL(
      buildGoogleAuthorizationUrl({
        config: { ...config, authorization_url: 'http://127.0.0.1:9999/auth?hd=example.com' },
        redirectUri: 'http://localhost:3000/login/oauth2/code/google',
        nonce: 'n',
        state: 's',
      }),
    );
    expect(url.searchParams.get('hd')).toBe('example.com');
    expect(url.searchParams.get('nonce')).toBe('n');
  });

  it('builds the redirect uri from an origin with or without a trailing slash', () => {
    expect(googleRedirectUri('http://localhost:3000/')).toBe('http://localhost:3000/login/oauth2/code/google');
  });
});

describe('parseCallbackParams', () => {
  it('reads id_token and state from the fragment', () => {
    expect(parseCallbackParams('#id_token=abc.def.ghi&state=xyz')).toEqual({
      idToken: 'abc.def.ghi',
      state: 'xyz',
      error: null,
    });
  });

  it('reads an error from the fragment or the query', () => {
    expect(parseCallbackParams('#error=access_denied&state=s').error).toBe('access_denied');
    expect(parseCallbackParams('', '?error=server_error').error).toBe('server_error');
  });

  it('an empty fragment has nothing', () => {
    expect(parseCallbackParams('')).toEqual({ idToken: null, state: null, error: null });
  });
});

describe('decodeIdTokenPayload', () => {
  it('reads the claims, including non-ASCII names', () => {
    const token = jwt({ email: 'zoe@example.com', name: 'Zoë Ørsted', picture: 'https://p.test/a.png' });
    expect(decodeIdTokenPayload(token)).toEqual({
      email: 'zoe@example.com',
      name: 'Zoë Ørsted',
      picture: 'https://p.test/a.png',
    });
  });

  it.each([
    ['not a JWT', 'garbage'],
    ['two parts', 'a.b'],
    ['four parts', 'a.b.c.d'],
    ['an empty payload', 'a..c'],
    ['a payload that is not base64url', 'a.@@@.c'],
    ['a payload that is not JSON', `a.${base64Url('hello')}.c`],
    ['a payload that is not an object', `a.${base64Url('[1,2]')}.c`],
    ['a payload that is not UTF-8', `a.${bytesToBase64Url(new Uint8Array([0xff, 0xfe]))}.c`],
  ])('gives null for %s', (_label, token) => {
    expect(decodeIdTokenPayload(token)).toBeNull();
  });
});

describe('idTokenHints', () => {
  it('maps email, name (as nicname) and picture; missing or blank claims are null', () => {
    expect(idTokenHints({ email: 'a@b.c', name: 'A', picture: 'p' })).toEqual({
      email: 'a@b.c',
      nicname: 'A',
      picture: 'p',
    });
    expect(idTokenHints({ email: 3, name: ' ' })).toEqual({ email: null, nicname: null, picture: null });
  });
});

describe('checkCallback', () => {
  const token = jwt({ email: 'g@example.com', name: 'Gee', picture: 'https://p.test/g.png', nonce: 'n-1' });
  const pending = { nonce: 'n-1', state: 's-1' };

  it('a matching return is ready to send, with the hints, the stored nonce and the attestation', () => {
    expect(checkCallback({ idToken: token, state: 's-1', error: null }, pending)).toEqual({
      kind: 'ready',
      request: {
        googleToken: token,
        nonce: 'n-1',
        adult_attestation: true,
        email: 'g@example.com',
        nicname: 'Gee',
        picture: 'https://p.test/g.png',
      },
    });
  });

  it('access_denied means the user cancelled', () => {
    expect(checkCallback({ idToken: null, state: 's-1', error: 'access_denied' }, pending)).toEqual({
      kind: 'error',
      message: 'Login was cancelled.',
    });
  });

  it('another provider error is a processing error', () => {
    expect(checkCallback({ idToken: token, state: 's-1', error: 'server_error' }, pending)).toEqual({
      kind: 'error',
      message: 'An error occurred while processing the login.',
    });
  });

  it('no token', () => {
    expect(checkCallback({ idToken: null, state: 's-1', error: null }, pending)).toEqual({
      kind: 'error',
      message: 'no token received',
    });
  });

  it('a token that cannot be decoded', () => {
    expect(checkCallback({ idToken: 'tampered', state: 's-1', error: null }, pending)).toEqual({
      kind: 'error',
      message: 'invalid token format',
    });
  });

  it('a state that does not match, or a sign-in this browser did not start', () => {
    const processing = { kind: 'error', message: CALLBACK_MESSAGES.processingError };
    expect(checkCallback({ idToken: token, state: 'other', error: null }, pending)).toEqual(processing);
    expect(checkCallback({ idToken: token, state: null, error: null }, pending)).toEqual(processing);
    expect(checkCallback({ idToken: token, state: 's-1', error: null }, { nonce: null, state: null })).toEqual(
      processing,
    );
    expect(checkCallback({ idToken: token, state: 's-1', error: null }, { nonce: null, state: 's-1' })).toEqual(
      processing,
    );
  });
});

describe('socialLoginFailureMessage', () => {
  it('shows the server message, else Authentication failed.', () => {
    expect(
      socialLoginFailureMessage({ status: 401, data: { status: 'error', message: 'Invalid Google token.' } }),
    ).toBe('Invalid Google token.');
    expect(socialLoginFailureMessage({ status: 401, data: {} })).toBe('Authentication failed.');
    expect(socialLoginFailureMessage({ status: 'FETCH_ERROR', error: 'offline' })).toBe('Authentication failed.');
  });
});

describe('safeRedirectTarget', () => {
  it('keeps a path of this site with its query', () => {
    expect(safeRedirectTarget('/support?x=1')).toBe('/support?x=1');
    expect(safeRedirectTarget('/')).toBe('/');
  });

  it.each([
    null,
    undefined,
    '',
    'https://evil.test/',
    '//evil.test/x',
    '/\\evil.test',
    'support',
    '/login/oauth2/code/google',
  ])('falls back to / for %j', (value) => {
    expect(safeRedirectTarget(value)).toBe('/');
  });
});
