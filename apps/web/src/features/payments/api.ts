// The payment calls (spec section 7, Payment): card payments (config, intent, completion, hosted
// checkout and its verification) and crypto wallets (rate, address). Every call but the config sends
// the bearer token; a 401 opens the login modal.
import type { TCompletePaymentRequest, TCompletePaymentResponse } from '@velvet/contracts/payment/complete-payment';
import type { TCreateCheckoutRequest, TCreateCheckoutResponse } from '@velvet/contracts/payment/create-checkout';
import type { TCreateIntentRequest, TCreateIntentResponse } from '@velvet/contracts/payment/create-intent';
import type { TCreateWalletRequest, TCreateWalletResponse } from '@velvet/contracts/payment/create-wallet';
import type { TGetDepositResponse } from '@velvet/contracts/payment/get-deposit';
import type { TGetPaymentConfigResponse } from '@velvet/contracts/payment/get-payment-config';
import type { TQueryRateResponse } from '@velvet/contracts/payment/query-rate';
import type { TVerifyPaymentRequest, TVerifyPaymentResponse } from '@velvet/contracts/payment/verify-payment';
import type { CryptoCoin } from '@velvet/contracts/options';
import { API_PATHS, apiPath } from '@velvet/contracts/routes';
import { api, endpointPath } from '../../lib/api.ts';

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPaymentConfig: build.query<TGetPaymentConfigResponse, void>({
      query: () => endpointPath(API_PATHS.paymentConfig),
    }),
    createIntent: build.mutation<TCreateIntentResponse, TCreateIntentRequest>({
      query: (body) => ({ url: endpointPath(API_PATHS.createIntent), method: 'POST', body }),
    }),
    createCheckout: build.mutation<TCreateCheckoutResponse, TCreateCheckoutRequest>({
      query: (body) => ({ url: endpointPath(API_PATHS.createCheckout), method: 'POST', body }),
    }),
    completePayment: build.mutation<TCompletePaymentResponse, TCompletePaymentRequest>({
      query: (body) => ({ url: endpointPath(API_PATHS.completePayment), method: 'POST', body }),
      invalidatesTags: ['Member', 'Subscription'],
    }),
    verifyPayment: build.mutation<TVerifyPaymentResponse, TVerifyPaymentRequest>({
      query: (body) => ({ url: endpointPath(API_PATHS.verifyPayment), method: 'POST', body }),
      invalidatesTags: ['Member', 'Subscription'],
    }),
    /** How much of the coin one US$ buys; fetched afresh each time the wallet modal opens. */
    queryRate: build.query<TQueryRateResponse, CryptoCoin>({
      query: (coin) => ({ url: endpointPath(apiPath(API_PATHS.queryRate, { coin })), method: 'POST' }),
      keepUnusedDataFor: 0,
    }),
    /** The spec's wallet_address and request_coin_cnt, plus the XRP destination tag and the deposit id. */
    createWallet: build.mutation<TCreateWalletResponse, TCreateWalletRequest>({
      query: (body) => ({
        url: endpointPath(apiPath(API_PATHS.createWallet, { coin: body.coin_type })),
        method: 'POST',
        body,
      }),
    }),
    /** A deposit's status: the wallet modal's fallback while the event stream is down. */
    getDeposit: build.query<TGetDepositResponse, string>({
      query: (id) => endpointPath(apiPath(API_PATHS.getDeposit, { id })),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useGetPaymentConfigQuery,
  useCreateIntentMutation,
  useCreateCheckoutMutation,
  useCompletePaymentMutation,
  useVerifyPaymentMutation,
  useQueryRateQuery,
  useCreateWalletMutation,
  useGetDepositQuery,
} = paymentsApi;
