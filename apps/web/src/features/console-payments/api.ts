// The support console's Deposits and payments endpoints (issue 15), typed from contracts
// admin/deposits.ts and admin/payments.ts.
import type {
  TListDepositsRequest,
  TListDepositsResponse,
  TReviewDepositRequest,
  TReviewDepositResponse,
} from '@velvet/contracts/admin/deposits';
import type { TListPaymentsRequest, TListPaymentsResponse } from '@velvet/contracts/admin/payments';
import { apiPath, API_PATHS } from '@velvet/contracts/routes';
import { api, endpointPath } from '../../lib/api.ts';

export const consolePaymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listConsoleDeposits: build.query<TListDepositsResponse, TListDepositsRequest>({
      query: (params) => ({ url: endpointPath(API_PATHS.adminDeposits), params }),
      // Another support person, or the deposit watcher, may have changed a row meanwhile.
      keepUnusedDataFor: 0,
    }),
    reviewConsoleDeposit: build.mutation<TReviewDepositResponse, { id: string; body: TReviewDepositRequest }>({
      query: ({ id, body }) => ({
        url: endpointPath(apiPath(API_PATHS.adminDepositItem, { id })),
        method: 'PATCH',
        body,
      }),
    }),
    listCardPayments: build.query<TListPaymentsResponse, TListPaymentsRequest>({
      query: (params) => ({ url: endpointPath(API_PATHS.adminPayments), params }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useListConsoleDepositsQuery,
  useLazyListConsoleDepositsQuery,
  useReviewConsoleDepositMutation,
  useListCardPaymentsQuery,
  useLazyListCardPaymentsQuery,
} = consolePaymentsApi;
