// Gallery calls (spec section 7, Galleries): Explore, My Collections and Liked Contents share one query
// and one response. Explore's list goes with no auth header, as the spec says (one page for every
// viewer, so it stays cacheable); its pages past the guests' limit are only served to a member, so
// those carry the token. A member's hearts on Explore come from one liked-state call per page. My
// Collections and Liked Contents carry the token; a 401 opens the login modal. A card's like button
// toggles the like with the shared call of lib/image-api.ts.
import { GALLERY } from '@velvet/contracts/catalog';
import type { TListImagesResponse } from '@velvet/contracts/galleries/list-images';
import { LIKED_IDS_SEPARATOR, type TListLikedIdsResponse } from '@velvet/contracts/images/list-liked-ids';
import { API_PATHS, GALLERY_LIST_PATHS } from '@velvet/contracts/routes';
import { api, endpointPath } from '../../lib/api.ts';
import type { GalleryListArgs } from './slice.ts';

const listQuery = ({ gallery, ...params }: GalleryListArgs) => ({
  url: endpointPath(GALLERY_LIST_PATHS[gallery]),
  params,
});

export const galleryApi = api.injectEndpoints({
  endpoints: (build) => ({
    listGalleryImages: build.query<TListImagesResponse, GalleryListArgs>({
      query: listQuery,
      // Pages live in the gallery slice; the cache would only keep copies.
      keepUnusedDataFor: 0,
    }),
    /** Explore's pages a guest may see, without the token whoever asks. */
    listPublicImages: build.query<TListImagesResponse, GalleryListArgs>({
      query: listQuery,
      extraOptions: { withoutToken: true },
      keepUnusedDataFor: 0,
    }),
    /** Which of one page's images the member likes. */
    listLikedImageIds: build.query<TListLikedIdsResponse, readonly string[]>({
      query: (ids) => ({
        url: endpointPath(API_PATHS.likedImageIds),
        params: { ids: ids.join(LIKED_IDS_SEPARATOR) },
      }),
      keepUnusedDataFor: 0,
    }),
  }),
});

/**
 * The endpoint a list page goes through: Explore's pages 1 to 3 (all a guest may see) without the
 * token; deeper Explore pages, which the API serves to members only, and the member galleries with it.
 */
export function listEndpointFor(args: GalleryListArgs) {
  const publicPage = args.gallery === 'public_gallery' && Number(args.page ?? 1) <= GALLERY.guestMaxPage;
  return publicPage ? galleryApi.endpoints.listPublicImages : galleryApi.endpoints.listGalleryImages;
}
