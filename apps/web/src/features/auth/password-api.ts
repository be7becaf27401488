// Password reset by email (not in the spec): ask for a link, then set the new password with its token.
// Their 4xx answers are shown by the form, so they never open the login modal.
import type { TForgotPasswordRequest, TForgotPasswordResponse } from '@velvet/contracts/auth/forgot-password';
import type { TResetPasswordRequest, TResetPasswordResponse } from '@velvet/contracts/auth/reset-password';
import { API_PATHS } from '@velvet/contracts/routes';
import { api, endpointPath } from '../../lib/api.ts';

const publicCall = { skipUnauthorized: true } as const;

export const passwordApi = api.injectEndpoints({
  endpoints: (build) => ({
    forgotPassword: build.mutation<TForgotPasswordResponse, TForgotPasswordRequest>({
      query: (body) => ({ url: endpointPath(API_PATHS.forgotPassword), method: 'POST', body }),
      extraOptions: publicCall,
    }),
    resetPassword: build.mutation<TResetPasswordResponse, TResetPasswordRequest>({
      query: (body) => ({ url: endpointPath(API_PATHS.resetPassword), method: 'POST', body }),
      extraOptions: publicCall,
    }),
  }),
});

export const { useForgotPasswordMutation, useResetPasswordMutation } = passwordApi;
