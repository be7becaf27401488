// The whole chain with the app's real slices: an API call answering 401 opens the login modal.
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TAG_TYPES, createBaseQuery } from '../lib/api.ts';
import { authReducer, setSession } from '../features/auth/slice.ts';
import { modalsReducer } from '../features/modals/slice.ts';

function setup() {
  const testApi = createApi({
    reducerPath: 'api',
    baseQuery: createBaseQuery({ baseUrl: 'http://velvet.test/api' }),
    tagTypes: TAG_TYPES,
    endpoints: (build) => ({
      getLikes: build.query<{ list: unknown[] }, void>({ query: () => '/v2/likeimages' }),
    }),
  });
  const store = configureStore({
    reducer: combineReducers({ api: testApi.reducer, auth: authReducer, modals: modalsReducer }),
    middleware: (getDefault) => getDefault().concat(testApi.middleware),
  });
  store.dispatch(
    setSession({
      member_id: 'a@b.c',
      email: 'a@b.c',
      nicname: 'A',
      picture: '',
      cur_tokens: 1,
      member_kind: '',
      token: 'stale',
    }),
  );
  return { store, testApi };
}

function fakeFetch(status: number) {
  const fetchStub = vi.fn(async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    return new Response(JSON.stringify({ status: 'error', message: request.headers.get('Authorization') }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('401 handling', () => {
  it('a 401 opens the login modal', async () => {
    fakeFetch(401);
    const { store, testApi } = setup();
    expect(store.getState().modals.login).toBe(false);

    const result = await store.dispatch(testApi.endpoints.getLikes.initiate());

    expect(result.error).toMatchObject({ status: 401, data: { message: 'Bearer stale' } });
    expect(store.getState().modals.login).toBe(true);
  });

  it('a 403 or 500 does not', async () => {
    for (const status of [403, 500]) {
      fakeFetch(status);
      const { store, testApi } = setup();
      await store.dispatch(testApi.endpoints.getLikes.initiate());
      expect(store.getState().modals.login).toBe(false);
    }
  });
});
