// Support requests (spec section 7): POST /api/qna with the bearer token.
import type { TCreateQnaRequest, TCreateQnaResponse } from '@velvet/contracts/support/create-qna';
import { API_PATHS } from '@velvet/contracts/routes';
import { api, endpointPath } from '../../lib/api.ts';

export const supportApi = api.injectEndpoints({
  endpoints: (build) => ({
    createQna: build.mutation<TCreateQnaResponse, TCreateQnaRequest>({
      query: (body) => ({ url: endpointPath(API_PATHS.createQna), method: 'POST', body }),
    }),
  }),
});

export const { useCreateQnaMutation } = supportApi;
