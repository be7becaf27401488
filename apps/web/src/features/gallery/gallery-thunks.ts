// Runs one gallery fetch through the loading rules of slice.ts: decide, mark loading, ask the API,
// then store the page (or clear the loading flag on failure, logging it as the spec says).
//
// The entry (app/main.tsx) asks for Explore's first page before React renders (prefetchFirstPage):
// the request runs while the route's chunk loads, and the gallery's first fetch takes its answer
// instead of asking again when it is for the same list, the same viewer and recent. A member's hearts
// on Explore come after each page from the liked-state call (the list itself goes without the token).
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { TListImagesResponse } from '@velvet/contracts/galleries/list-images';
import type { GalleryType } from '@velvet/contracts/options';
import { selectBearerToken } from '../../lib/api.ts';
import { galleryApi, listEndpointFor } from './api.ts';
import {
  createGalleryState,
  decideFetch,
  likedStateLoaded,
  listArgsFor,
  pageFailed,
  pageLoaded,
  pageRequested,
  selectGallery,
  type FetchDecision,
  type GalleryListArgs,
  type GalleryState,
} from './slice.ts';

type State = { gallery: GalleryState };
export type GalleryThunk<R> = ThunkAction<R, State, unknown, UnknownAction>;

/** A prefetched first page older than this is not used (the gallery asks again). */
export const PREFETCH_MAX_AGE_MS = 10_000;

interface Prefetched {
  key: string;
  startedAt: number;
  /** null when the request failed: the gallery then asks again. */
  response: Promise<TListImagesResponse | null>;
}

let prefetched: Prefetched | null = null;

const prefetchKey = (args: GalleryListArgs, token: string | null) => JSON.stringify([args, token]);

/**
 * Starts the request for a gallery's first page (default filter and sort) through the API slice, so
 * that it runs while the route loads; loadNextPage takes its answer. Guests only get Explore.
 */
export function prefetchFirstPage(
  type: GalleryType = 'public_gallery',
  now: () => number = Date.now,
): GalleryThunk<void> {
  return (dispatch, getState) => {
    const token = selectBearerToken(getState());
    if (decideFetch(createGalleryState(type), token === null) !== 'fetch') return;
    const args = listArgsFor(createGalleryState(type));
    const query = dispatch(listEndpointFor(args).initiate(args, { subscribe: false, forceRefetch: true }));
    prefetched = { key: prefetchKey(args, token), startedAt: now(), response: query.unwrap().catch(() => null) };
  };
}

/**
 * The first page the server put in the document with its render of the first screen (app/main.tsx):
 * the gallery's first fetch takes it, like a prefetched answer, instead of asking again.
 */
export function seedFirstPage(
  response: TListImagesResponse,
  type: GalleryType = 'public_gallery',
  now: () => number = Date.now,
): GalleryThunk<void> {
  return (_dispatch, getState) => {
    const token = selectBearerToken(getState());
    if (decideFetch(createGalleryState(type), token === null) !== 'fetch') return;
    const args = listArgsFor(createGalleryState(type));
    prefetched = { key: prefetchKey(args, token), startedAt: now(), response: Promise.resolve(response) };
  };
}

/** The prefetched answer for these args and viewer, once: null when there is none (or it is stale). */
function takePrefetched(args: GalleryListArgs, token: string | null, now: number): Prefetched['response'] | null {
  const held = prefetched;
  prefetched = null;
  if (!held || held.key !== prefetchKey(args, token) || now - held.startedAt > PREFETCH_MAX_AGE_MS) return null;
  return held.response;
}

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
    const args = listArgsFor(state);
    const early = state.page === 1 ? takePrefetched(args, selectBearerToken(getState()), Date.now()) : null;
    try {
      const response =
        (await early) ??
        (await dispatch(listEndpointFor(args).initiate(args, { subscribe: false, forceRefetch: true })).unwrap());
      dispatch(pageLoaded({ ...request, response }));
      if (args.gallery === 'public_gallery' && selectBearerToken(getState()) !== null) {
        void dispatch(
          loadLikedState(
            request.generation,
            response.list.map((image) => image.image_id),
          ),
        );
      }
    } catch (error) {
      console.warn(request.page === 1 ? 'Failed to initialize gallery' : 'Failed to load gallery page', error);
      dispatch(pageFailed(request));
    }
    return decision;
  };
}

/**
 * A member's hearts on an Explore page: the list went without the token (its is_liked is a guest's),
 * so one call asks which of the page's images the member likes. On failure the hearts stay empty.
 */
function loadLikedState(generation: number, ids: string[]): GalleryThunk<Promise<void>> {
  return async (dispatch) => {
    if (ids.length === 0) return;
    try {
      const { liked } = await dispatch(
        galleryApi.endpoints.listLikedImageIds.initiate(ids, { subscribe: false, forceRefetch: true }),
      ).unwrap();
      dispatch(likedStateLoaded({ generation, asked: ids, liked }));
    } catch (error) {
      console.warn('Failed to load liked state', error);
    }
  };
}
