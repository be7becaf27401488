// Gallery state (spec sections 3 and 4, "Gallery state" and "Gallery loading"): one gallery is open at
// a time (Explore, My Collections or Liked Contents). The reducers are pure; the loading rules are pure
// functions beside them, and gallery-thunks.ts runs a fetch through them.
//
// `page` is the page the next fetch asks for: 1 on opening, 2 once page 1 has arrived, and so on. A
// guest "at page 3 trying to load further" is therefore a guest whose next page would be 4.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { GALLERY } from '@velvet/contracts/catalog';
import { createInitialGalleryState } from '@velvet/contracts/client-state';
import type { TGalleryState } from '@velvet/contracts/entities';
import type { TListImagesRequest, TListImagesResponse } from '@velvet/contracts/galleries/list-images';
import type { TImage, TImagePatch } from '@velvet/contracts/images/image';
import type { Filter, GalleryType, Sort } from '@velvet/contracts/options';

export interface GalleryState extends TGalleryState {
  /** Which gallery is open. */
  type: GalleryType;
  /** Bumped by every reset: a response that belongs to an older one is dropped. */
  generation: number;
  /** next_cursor of the last page (keyset paging for the pages after the first). */
  cursor: string | null;
  /** Randomize seed, picked once per gallery visit so that pages never repeat. */
  seed: string;
  /** The last fetch failed (logged; the grid keeps what it has). */
  failed: boolean;
}

export type GalleryImagePatch = TImagePatch;

export function createGalleryState(type: GalleryType = 'public_gallery', seed = 'velvet'): GalleryState {
  return { ...createInitialGalleryState(), type, generation: 0, cursor: null, seed, failed: false };
}

/** A seed for Randomize: letters and digits, as the list query accepts. */
export function randomSeed(random: () => number = Math.random): string {
  let seed = '';
  while (seed.length < 12) seed += Math.floor(random() * 36).toString(36);
  return seed;
}

/** Back to page 1 with nothing loaded, keeping what identifies the visit. */
function reset(state: GalleryState): void {
  state.images = [];
  state.page = 1;
  state.hasMore = true;
  state.loading = false;
  state.totalCount = 0;
  state.cursor = null;
  state.failed = false;
  state.generation += 1;
}

export interface PageRequest {
  generation: number;
  page: number;
}

export const gallerySlice = createSlice({
  name: 'gallery',
  initialState: createGalleryState(),
  reducers: {
    /** Opening a gallery: empty, page 1, hasMore, filter ALL, sort Latest, a new Randomize seed. */
    galleryOpened: {
      reducer(state, action: PayloadAction<{ type: GalleryType; seed: string }>) {
        const generation = state.generation;
        Object.assign(state, createGalleryState(action.payload.type, action.payload.seed));
        state.generation = generation + 1;
      },
      prepare(type: GalleryType, seed: string = randomSeed()) {
        return { payload: { type, seed } };
      },
    },
    /** Changing the filter clears the list and starts again from page 1. */
    filterChanged(state, action: PayloadAction<Filter>) {
      if (state.filter === action.payload) return;
      state.filter = action.payload;
      reset(state);
    },
    /** Changing the sort clears the list and starts again from page 1 (an empty sort means Latest). */
    sortChanged(state, action: PayloadAction<Sort | ''>) {
      const sort = action.payload || 'Latest';
      if (state.sort_by === sort) return;
      state.sort_by = sort;
      reset(state);
    },
    pageRequested(state, action: PayloadAction<PageRequest>) {
      if (action.payload.generation !== state.generation) return;
      state.loading = true;
      state.failed = false;
      state.run_type = state.filter;
    },
    pageLoaded(state, action: PayloadAction<PageRequest & { response: TListImagesResponse }>) {
      const { generation, page, response } = action.payload;
      if (generation !== state.generation) return;
      state.loading = false;
      state.totalCount = response.total_count;
      if (page === 1) {
        state.images = response.list;
      } else {
        const known = new Set(state.images.map((image) => image.image_id));
        state.images.push(...response.list.filter((image) => !known.has(image.image_id)));
      }
      state.hasMore = hasMoreAfter(response);
      state.cursor = response.next_cursor ?? null;
      state.page = page + 1;
    },
    pageFailed(state, action: PayloadAction<PageRequest>) {
      if (action.payload.generation !== state.generation) return;
      state.loading = false;
      state.failed = true;
    },
    /**
     * The member's liked state of a page's images (Explore's list carries none: it goes without the
     * token): each asked image is liked exactly when the answer names it.
     */
    likedStateLoaded(state, action: PayloadAction<{ generation: number; asked: string[]; liked: string[] }>) {
      const { generation, asked, liked } = action.payload;
      if (generation !== state.generation) return;
      const askedIds = new Set(asked);
      const likedIds = new Set(liked);
      for (const image of state.images) {
        if (askedIds.has(image.image_id)) image.is_liked = likedIds.has(image.image_id) ? 'Y' : 'N';
      }
    },
    /** An image changed elsewhere (detail view, like on a card); a deleted one leaves My Collections. */
    galleryImageUpdated(state, action: PayloadAction<{ imageId: string; patch: GalleryImagePatch }>) {
      const { imageId, patch } = action.payload;
      const index = state.images.findIndex((image) => image.image_id === imageId);
      if (index < 0) return;
      if (patch.is_delete === 'Y' && state.type === 'collection_gallery') {
        state.images.splice(index, 1);
        state.totalCount = Math.max(0, state.totalCount - 1);
        return;
      }
      Object.assign(state.images[index] as TImage, patch);
    },
  },
});

export const {
  galleryOpened,
  filterChanged,
  sortChanged,
  pageRequested,
  pageLoaded,
  pageFailed,
  likedStateLoaded,
  galleryImageUpdated,
} = gallerySlice.actions;
export const galleryReducer = gallerySlice.reducer;

type WithGallery = { gallery: GalleryState };
export const selectGallery = (state: WithGallery) => state.gallery;

// ---- Loading rules (spec section 4, "Gallery loading") ----

/** There is more after this page unless it came back empty or the server says it was the last. */
export function hasMoreAfter(response: Pick<TListImagesResponse, 'list' | 'next_cursor'>): boolean {
  return response.list.length > 0 && response.next_cursor !== null;
}

export type FetchDecision = 'fetch' | 'skip' | 'login';

/**
 * Whether the next page may be fetched now:
 * - ignored while a fetch runs, and when there is no more and page is above 1;
 * - My Collections and Liked Contents are not fetched without a token;
 * - a guest who has Explore's pages 1 to 3 gets the login modal instead of page 4.
 */
export function decideFetch(state: GalleryState, isGuest: boolean): FetchDecision {
  if (state.loading) return 'skip';
  if (!state.hasMore && state.page > 1) return 'skip';
  if (isGuest && state.type !== 'public_gallery') return 'skip';
  if (isGuest && state.page > GALLERY.guestMaxPage) return 'login';
  return 'fetch';
}

export type GalleryListArgs = TListImagesRequest & { gallery: GalleryType };

/**
 * The list query for the next page: filter ALL is not sent, the seed only with Randomize, and pages
 * after the first go by the previous page's cursor.
 */
export function listArgsFor(state: GalleryState): GalleryListArgs {
  return {
    gallery: state.type,
    page: state.page,
    limit: GALLERY.pageSize,
    sort_by: state.sort_by,
    ...(state.filter !== 'ALL' ? { run_type: state.filter } : {}),
    ...(state.sort_by === 'Randomize' ? { seed: state.seed } : {}),
    ...(state.page > 1 && state.cursor ? { cursor: state.cursor } : {}),
  };
}
