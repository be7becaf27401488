// The member's renewing plan (issue 16): GET /api/payment/subscription for the account page, and POST
// /api/payment/subscription/cancel for the processor's signed page where the renewal is stopped. Both
// carry the bearer token; a 401 opens the login modal.
import type { TCancelSubscriptionResponse, TGetSubscriptionResponse } from '@velvet/contracts/payment/subscription';
import { API_PATHS } from '@velvet/contracts/routes';
import { api, endpointPath } from '../../lib/api.ts';

export const subscriptionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSubscription: build.query<TGetSubscriptionResponse, void>({
      query: () => endpointPath(API_PATHS.subscription),
      providesTags: ['Subscription'],
    }),
    /** Only the address of the processor's page: the renewal stops when the member confirms there. */
    cancelSubscription: build.mutation<TCancelSubscriptionResponse, void>({
      query: () => ({ url: endpointPath(API_PATHS.cancelSubscription), method: 'POST', body: {} }),
      invalidatesTags: ['Subscription'],
    }),
  }),
});

export const { useGetSubscriptionQuery, useCancelSubscriptionMutation } = subscriptionApi;
