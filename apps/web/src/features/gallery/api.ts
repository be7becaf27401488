// Gallery calls (spec section 7, Galleries): Explore, My Collections and Liked Contents share one query
// and one response. The bearer token goes with every call when there is one (Explore's is_liked is
// right for members); a 401 opens the login modal. A card's like button toggles the like with the
// shared call of lib/image-api.ts.
import type { TListImagesResponse } from '@velvet/contracts/galleries/list-images';
import { GALLERY_LIST_PATHS } from '@velvet/contracts/routes';
import { api, endpointPath } from '../../lib/api.ts';
import type { GalleryListArgs } from './slice.ts';

export const galleryApi = api.injectEndpoints({
  endpoints: (build) => ({
    listGalleryImages: build.query<TListImagesResponse, GalleryListArgs>({
      query: ({ gallery, ...params }) => ({ url: endpointPath(GALLERY_LIST_PATHS[gallery]), params }),
      // Pages live in the gallery slice; the cache would only keep copies.
      keepUnusedDataFor: 0,
    }),
  }),
});
