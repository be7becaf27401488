// Email verification (not in the spec; issue 12): use the mailed link's token, and ask for a new link.
import type {
  TResendVerificationResponse,
  TVerifyEmailRequest,
  TVerifyEmailResponse,
} from '@velvet/contracts/auth/verify-email';
import { API_PATHS } from '@velvet/contracts/routes';
import { api, endpointPath } from '../../lib/api.ts';

export const verificationApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyEmail: build.mutation<TVerifyEmailResponse, TVerifyEmailRequest>({
      query: (body) => ({ url: endpointPath(API_PATHS.verifyEmail), method: 'POST', body }),
      invalidatesTags: ['Member'],
    }),
    resendVerification: build.mutation<TResendVerificationResponse, void>({
      query: () => ({ url: endpointPath(API_PATHS.resendVerification), method: 'POST', body: {} }),
    }),
  }),
});

export const { useVerifyEmailMutation, useResendVerificationMutation } = verificationApi;
