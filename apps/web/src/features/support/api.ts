// Support requests (spec section 7): POST /api/qna with the bearer token; GET /api/qna (not in the
// spec) lists the member's own requests with support's replies.
import type { TCreateQnaRequest, TCreateQnaResponse } from '@velvet/contracts/support/create-qna';
import type { TListMyQnaResponse } from '@velvet/contracts/support/list-my-qna';
import { API_PATHS } from '@velvet/contracts/routes';
import { api, endpointPath } from '../../lib/api.ts';

export const supportApi = api.injectEndpoints({
  endpoints: (build) => ({
    createQna: build.mutation<TCreateQnaResponse, TCreateQnaRequest>({
      query: (body) => ({ url: endpointPath(API_PATHS.createQna), method: 'POST', body }),
    }),
    listMyQna: build.query<TListMyQnaResponse, void>({
      query: () => endpointPath(API_PATHS.listMyQna),
      // Support may answer at any time: read it again whenever the Support page opens.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useCreateQnaMutation, useListMyQnaQuery } = supportApi;
