// The support console's Claims endpoints (issue 15), typed from contracts admin/claims.ts.
import type {
  TClaimQueueRequest,
  TClaimQueueResponse,
  TConsoleClaimResponse,
  TRejectClaimRequest,
} from '@velvet/contracts/admin/claims';
import { apiPath, API_PATHS } from '@velvet/contracts/routes';
import { api, endpointPath } from '../../lib/api.ts';

export const consoleClaimsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listClaimQueue: build.query<TClaimQueueResponse, TClaimQueueRequest>({
      query: (params) => ({ url: endpointPath(API_PATHS.adminClaimQueue), params }),
      // Another support person, or the automatic refund, may have decided meanwhile.
      keepUnusedDataFor: 0,
    }),
    approveClaim: build.mutation<TConsoleClaimResponse, string>({
      query: (id) => ({ url: endpointPath(apiPath(API_PATHS.adminClaimApprove, { id })), method: 'POST' }),
    }),
    rejectClaim: build.mutation<TConsoleClaimResponse, { id: string; body: TRejectClaimRequest }>({
      query: ({ id, body }) => ({
        url: endpointPath(apiPath(API_PATHS.adminClaimReject, { id })),
        method: 'POST',
        body,
      }),
    }),
  }),
});

export const { useListClaimQueueQuery, useLazyListClaimQueueQuery, useApproveClaimMutation, useRejectClaimMutation } =
  consoleClaimsApi;
