// Generation calls (spec section 7, Images): the make call and which provider answers (the screen says
// so when it is the built-in demo); an image's status is shared with the detail view (lib/image-api.ts).
// Pictures and the event stream need the bearer token outside RTK Query (binary bodies, a stream): see
// image-fetch.ts and member-events.ts.
import type { TGetGenerationConfigResponse } from '@velvet/contracts/images/get-generation-config';
import type { TMakeImagesRequest, TMakeImagesResponse } from '@velvet/contracts/images/make-images';
import { API_PATHS } from '@velvet/contracts/routes';
import { api, endpointPath } from '../../lib/api.ts';

export const generateApi = api.injectEndpoints({
  endpoints: (build) => ({
    makeImages: build.mutation<TMakeImagesResponse, TMakeImagesRequest>({
      query: (body) => ({ url: endpointPath(API_PATHS.makeImages), method: 'POST', body }),
    }),
    getGenerationConfig: build.query<TGetGenerationConfigResponse, void>({
      query: () => endpointPath(API_PATHS.generationConfig),
    }),
  }),
});

export const { useMakeImagesMutation, useGetGenerationConfigQuery } = generateApi;
