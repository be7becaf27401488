// The single RTK Query API of the web app (Redux style guide: one createApi, endpoints injected per
// feature with api.injectEndpoints in features/<domain>/api.ts).
//
// The base query adds `Authorization: Bearer <token>` from the session held in the store, and turns
// any 401 into the `unauthorized` action, which the global modal slice answers by opening the login
// modal. (The action lives here so this shared module imports no feature.) Sign-in endpoints, whose
// 401 means "these credentials were refused" rather than "your session expired", opt out with
// `extraOptions: { skipUnauthorized: true }`. Public calls that must not carry the token (Explore's
// list) declare `extraOptions: { withoutToken: true }`.
import { createAction } from '@reduxjs/toolkit';
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { env } from '../config/env.ts';

/** Dispatched whenever an API call answers 401. */
export const unauthorized = createAction<{ endpoint: string }>('api/unauthorized');

/** The part of the root state the base query reads: the session token (features/auth slice). */
interface StateWithSession {
  auth?: { token?: string | null };
}

export function selectBearerToken(state: unknown): string | null {
  return (state as StateWithSession | undefined)?.auth?.token ?? null;
}

/** Per-endpoint options of the base query. */
export interface ApiExtraOptions {
  /** A 401 from this endpoint does not open the login modal (sign-in calls answer it themselves). */
  skipUnauthorized?: boolean;
  /**
   * Sent without the token even when signed in: a public call whose answer must be the same for every
   * viewer (Explore's list, which the spec sends with no auth header, so it stays cacheable).
   */
  withoutToken?: boolean;
}

export type ApiBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ApiExtraOptions>;

export interface BaseQueryOptions {
  baseUrl: string;
  /** Defaults to the global fetch at call time (tests stub it). */
  fetchFn?: typeof fetch;
}

export function createBaseQuery({ baseUrl, fetchFn }: BaseQueryOptions): ApiBaseQuery {
  const raw = fetchBaseQuery({
    baseUrl,
    ...(fetchFn ? { fetchFn } : {}),
    prepareHeaders: (headers, { getState, extraOptions }) => {
      if ((extraOptions as ApiExtraOptions | undefined)?.withoutToken) return headers;
      const token = selectBearerToken(getState());
      if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
      return headers;
    },
  });
  return async (args, queryApi, extraOptions) => {
    const result = await raw(args, queryApi, extraOptions ?? {});
    if (result.error?.status === 401 && !extraOptions?.skipUnauthorized) {
      queryApi.dispatch(unauthorized({ endpoint: queryApi.endpoint }));
    }
    return result;
  };
}

/**
 * An API path of the contracts (API_PATHS, which spell the full '/api/...' path) relative to the base
 * URL, which already ends in '/api': '/api/members' -> '/members'.
 */
export function endpointPath(path: string): string {
  return path.replace(/^\/api(?=\/|$)/, '');
}

export const TAG_TYPES = [
  'Session',
  'Member',
  'Balance',
  'PublicGallery',
  'Collection',
  'Likes',
  'Image',
  'Wallet',
  /** The member's renewing plan (account page); a verified payment or a cancellation changes it. */
  'Subscription',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

export const api = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery({ baseUrl: env.apiBaseUrl }),
  tagTypes: TAG_TYPES,
  // Features add theirs: api.injectEndpoints({ endpoints: (build) => ({ ... }) }).
  endpoints: () => ({}),
});
