// Runs one gallery fetch through the loading rules of slice.ts: decide, mark loading, ask the API,
// then store the page (or clear the loading flag on failure, logging it as the spec says).
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { selectBearerToken } from '../../lib/api.ts';
import { galleryApi } from './api.ts';
import {
  decideFetch,
  listArgsFor,
  pageFailed,
  pageLoaded,
  pageRequested,
  selectGallery,
  type FetchDecision,
  type GalleryState,
} from './slice.ts';

type State = { gallery: GalleryState };
export type GalleryThunk<R> = ThunkAction<R, State, unknown, UnknownAction>;

/**
 * Fetches the gallery's next page when the rules allow it. Answers what was decided: 'login' means a
 * guest asked for more than Explore's first three pages (the caller opens the login modal).
 */
export function loadNextPage(): GalleryThunk<Promise<FetchDecision>> {
  return async (dispatch, getState) => {
    const state = selectGallery(getState());
    const decision = decideFetch(state, selectBearerToken(getState()) === null);
    if (decision !== 'fetch') return decision;
    const request = { generation: state.generation, page: state.page };
    dispatch(pageRequested(request));
    const query = dispatch(
      galleryApi.endpoints.listGalleryImages.initiate(listArgsFor(state), { subscribe: false, forceRefetch: true }),
    );
    try {
      const response = await query.unwrap();
      dispatch(pageLoaded({ ...request, response }));
    } catch (error) {
      console.warn(request.page === 1 ? 'Failed to initialize gallery' : 'Failed to load gallery page', error);
      dispatch(pageFailed(request));
    }
    return decision;
  };
}
