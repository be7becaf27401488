import { combineReducers, configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TAG_TYPES, api, createBaseQuery, endpointPath, selectBearerToken, unauthorized } from './api.ts';

/** A store with a throwaway API over the real base query, a fixed session token, and a log of actions. */
function setup(token: string | null) {
  const testApi = createApi({
    reducerPath: 'api',
    baseQuery: createBaseQuery({ baseUrl: 'http://velvet.test/api' }),
    tagTypes: TAG_TYPES,
    endpoints: (build) => ({
      getCollection: build.query<{ list: unknown[] }, void>({ query: () => '/v2/images' }),
      getPublic: build.query<{ list: unknown[] }, void>({
        query: () => '/v1/images',
        extraOptions: { withoutToken: true },
      }),
      signIn: build.mutation<unknown, void>({
        query: () => ({ url: '/auth/self-login', method: 'POST' }),
        extraOptions: { skipUnauthorized: true },
      }),
    }),
  });
  const seen: UnknownAction[] = [];
  const store = configureStore({
    reducer: combineReducers({
      api: testApi.reducer,
      auth: () => ({ token }),
      log: (state: number = 0, action: UnknownAction) => {
        seen.push(action);
        return state + 1;
      },
    }),
    middleware: (getDefault) => getDefault().concat(testApi.middleware),
  });
  return { store, testApi, seen };
}

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

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('base query', () => {
  it('sends the session token as a bearer token', async () => {
    const calls = stubFetch(200, { list: [] });
    const { store, testApi, seen } = setup('tok-123');

    const result = await store.dispatch(testApi.endpoints.getCollection.initiate());

    expect(result.data).toEqual({ list: [] });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('http://velvet.test/api/v2/images');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(seen.some(unauthorized.match)).toBe(false);
  });

  it('sends no Authorization header without a session', async () => {
    const calls = stubFetch(200, { list: [] });
    const { store, testApi } = setup(null);
    await store.dispatch(testApi.endpoints.getCollection.initiate());
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
  });

  it('sends no Authorization header for an endpoint declared withoutToken, even when signed in', async () => {
    const calls = stubFetch(200, { list: [] });
    const { store, testApi } = setup('tok-123');
    await store.dispatch(testApi.endpoints.getPublic.initiate());
    expect(calls[0]?.url).toBe('http://velvet.test/api/v1/images');
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
  });

  it('dispatches unauthorized on a 401, naming the endpoint', async () => {
    stubFetch(401, { status: 'error', message: 'Unauthorized' });
    const { store, testApi, seen } = setup('expired');

    const result = await store.dispatch(testApi.endpoints.getCollection.initiate());

    expect(result.error).toMatchObject({ status: 401, data: { message: 'Unauthorized' } });
    expect(seen.filter(unauthorized.match).map((a) => a.payload)).toEqual([{ endpoint: 'getCollection' }]);
  });

  it('does not dispatch unauthorized for an endpoint that answers its 401 itself', async () => {
    stubFetch(401, { status: 'error', message: 'Refused' });
    const { store, testApi, seen } = setup(null);
    const result = await store.dispatch(testApi.endpoints.signIn.initiate());
    expect(result).toMatchObject({ error: { status: 401 } });
    expect(seen.some(unauthorized.match)).toBe(false);
  });

  it('does not dispatch unauthorized for other errors', async () => {
    stubFetch(500, { status: 'error', message: 'boom' });
    const { store, testApi, seen } = setup('tok');
    const result = await store.dispatch(testApi.endpoints.getCollection.initiate());
    expect(result.error).toMatchObject({ status: 500 });
    expect(seen.some(unauthorized.match)).toBe(false);
  });
});

describe('endpointPath', () => {
  it('makes a contracts path relative to the /api base URL', () => {
    expect(endpointPath('/api/members')).toBe('/members');
    expect(endpointPath('/api/auth/self-login')).toBe('/auth/self-login');
    expect(endpointPath('/apix/other')).toBe('/apix/other');
  });
});

describe('api', () => {
  it('is the single API under the api reducer path with its tag types', () => {
    expect(api.reducerPath).toBe('api');
    expect(TAG_TYPES).toContain('Collection');
  });

  it('reads the bearer token from the auth state', () => {
    expect(selectBearerToken({ auth: { token: 'x' } })).toBe('x');
    expect(selectBearerToken({ auth: { token: null } })).toBeNull();
    expect(selectBearerToken({})).toBeNull();
    expect(selectBearerToken(undefined)).toBeNull();
  });
});
