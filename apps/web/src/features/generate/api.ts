// Generation calls (spec section 7, Images): the make call, an image's status, and which provider
// answers (the screen says so when it is the built-in demo). Pictures and the event stream need the
// bearer token outside RTK Query (binary bodies, a stream): see image-fetch.ts and member-events.ts.
import type { TGetGenerationConfigResponse } from '@velvet/contracts/images/get-generation-config';
import type { TGetStatusResponse } from '@velvet/contracts/images/get-status';
import type { TMakeImagesRequest, TMakeImagesResponse } from '@velvet/contracts/images/make-images';
import { apiPath, API_PATHS } from '@velvet/contracts/routes';
import { api, endpointPath } from '../../lib/api.ts';

export const generateApi = api.injectEndpoints({
  endpoints: (build) => ({
    makeImages: build.mutation<TMakeImagesResponse, TMakeImagesRequest>({
      query: (body) => ({ url: endpointPath(API_PATHS.makeImages), method: 'POST', body }),
    }),
    getImageStatus: build.query<TGetStatusResponse, string>({
      query: (id) => endpointPath(apiPath(API_PATHS.getStatus, { id })),
      // Always asked fresh: the answer changes while the image is made.
      keepUnusedDataFor: 0,
    }),
    getGenerationConfig: build.query<TGetGenerationConfigResponse, void>({
      query: () => endpointPath(API_PATHS.generationConfig),
    }),
  }),
});

export const { useMakeImagesMutation, useGetGenerationConfigQuery } = generateApi;
