// Image calls that more than one feature makes (spec section 7, Images): an image's status (the
// generation screen and the image detail view) and the like toggle (gallery cards and the detail view).
// Injected once here, so that each has one definition and no feature imports another.
import type { TGetStatusResponse } from '@velvet/contracts/images/get-status';
import type { TLikeImageResponse } from '@velvet/contracts/images/like-image';
import { apiPath, API_PATHS } from '@velvet/contracts/routes';
import { api, endpointPath } from './api.ts';

export const imageApi = api.injectEndpoints({
  endpoints: (build) => ({
    getImageStatus: build.query<TGetStatusResponse, string>({
      query: (id) => endpointPath(apiPath(API_PATHS.getStatus, { id })),
      // Always asked fresh: the answer changes while the image is made, claimed or deleted.
      keepUnusedDataFor: 0,
    }),
    likeImage: build.mutation<TLikeImageResponse, string>({
      query: (imageId) => ({
        url: endpointPath(apiPath(API_PATHS.likeImage, { image_id: imageId })),
        method: 'POST',
      }),
    }),
  }),
});

export const { useLikeImageMutation } = imageApi;
