// The auth endpoints against the real store: paths, methods, bodies, and that a refused sign-in (401)
// does not open the login modal the way an expired session does. In app/ because it needs the real store
// (a feature never imports app/).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '../features/auth/api.ts';
import { makeStore } from './store.ts';

function stubFetch(status: number, body: unknown): Request[] {
  const calls: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(input instanceof Request ? input : new Request(input, init));
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

// The app's base URL is the relative '/api', which Node's Request cannot resolve: give it an origin.
const NodeRequest = globalThis.Request;
class SameOriginRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://velvet.test') : input, init);
  }
}

beforeEach(() => {
  vi.stubGlobal('Request', SameOriginRequest);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('auth endpoints', () => {
  it('self-login posts member_id and member_pwd to /api/auth/self-login', async () => {
    const calls = stubFetch(200, { status: 'nopwd', message: 'Wrong password.' });
    const store = makeStore();
    const result = await store.dispatch(
      authApi.endpoints.selfLogin.initiate({ member_id: 'a@b.c', member_pwd: 'secret!1' }),
    );
    expect(result).toMatchObject({ data: { status: 'nopwd', message: 'Wrong password.' } });
    expect(calls[0]?.method).toBe('POST');
    expect(new URL(calls[0]!.url).pathname).toBe('/api/auth/self-login');
    expect(await calls[0]!.json()).toEqual({ member_id: 'a@b.c', member_pwd: 'secret!1' });
  });

  it('register sends the adult attestation', async () => {
    const calls = stubFetch(409, { status: 'error', message: 'This email is already registered.' });
    const store = makeStore();
    await store.dispatch(
      authApi.endpoints.register.initiate({
        member_id: 'a@b.c',
        member_pwd: 'secret!1',
        nicname: 'Aa',
        adult_attestation: true,
      }),
    );
    expect(new URL(calls[0]!.url).pathname).toBe('/api/auth/register');
    expect(await calls[0]!.json()).toMatchObject({ adult_attestation: true });
  });

  it('a 401 from social-login does not open the login modal', async () => {
    stubFetch(401, { status: 'error', message: 'Invalid Google token.' });
    const store = makeStore();
    const result = await store.dispatch(authApi.endpoints.socialLogin.initiate({ googleToken: 't', nonce: 'n' }));
    expect(result).toMatchObject({ error: { status: 401, data: { message: 'Invalid Google token.' } } });
    expect(store.getState().modals.login).toBe(false);
  });

  it('reads the auth config from /api/auth/config', async () => {
    const calls = stubFetch(200, { google: null });
    const store = makeStore();
    const result = await store.dispatch(authApi.endpoints.getAuthConfig.initiate());
    expect(result.data).toEqual({ google: null });
    expect(new URL(calls[0]!.url).pathname).toBe('/api/auth/config');
  });
});
