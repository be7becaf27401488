// Sign-in endpoints (spec section 7, Authentication) plus the public sign-in settings. Their 401s
// mean "refused" and are shown by the caller, so they do not open the login modal.
import type { TGetAuthConfigResponse } from '@velvet/contracts/auth/get-auth-config';
import type { TRegisterRequest, TRegisterResponse } from '@velvet/contracts/auth/register';
import type { TSelfLoginRequest, TSelfLoginResponse } from '@velvet/contracts/auth/self-login';
import type { TSocialLoginRequest, TSocialLoginResponse } from '@velvet/contracts/auth/social-login';
import { API_PATHS } from '@velvet/contracts/routes';
import { api, endpointPath } from '../../lib/api.ts';

const signIn = { skipUnauthorized: true } as const;

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuthConfig: build.query<TGetAuthConfigResponse, void>({
      query: () => endpointPath(API_PATHS.authConfig),
    }),
    selfLogin: build.mutation<TSelfLoginResponse, TSelfLoginRequest>({
      query: (body) => ({ url: endpointPath(API_PATHS.selfLogin), method: 'POST', body }),
      extraOptions: signIn,
    }),
    register: build.mutation<TRegisterResponse, TRegisterRequest>({
      query: (body) => ({ url: endpointPath(API_PATHS.register), method: 'POST', body }),
      extraOptions: signIn,
    }),
    socialLogin: build.mutation<TSocialLoginResponse, TSocialLoginRequest>({
      query: (body) => ({ url: endpointPath(API_PATHS.socialLogin), method: 'POST', body }),
      extraOptions: signIn,
    }),
  }),
});

export const { useLazyGetAuthConfigQuery, useSelfLoginMutation, useRegisterMutation, useSocialLoginMutation } = authApi;
