// Gallery state and loading rules (spec section 4, "Gallery loading"), and one fetch through the
// real API slice with a stubbed fetch.
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import type { TListImagesResponse } from '@velvet/contracts/galleries/list-images';
import type { TImage } from '@velvet/contracts/images/image';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, unauthorized } from '../../lib/api.ts';
import { loadNextPage } from './gallery-thunks.ts';
import {
  createGalleryState,
  decideFetch,
  filterChanged,
  galleryImageUpdated,
  galleryOpened,
  galleryReducer,
  hasMoreAfter,
  listArgsFor,
  pageFailed,
  pageLoaded,
  pageRequested,
  randomSeed,
  sortChanged,
  type GalleryState,
} from './slice.ts';

function image(n: number, patch: Partial<TImage> = {}): TImage {
  return {
    image_id: `${'r'.repeat(28)}${String(n).padStart(4, '0')}`.slice(0, 32) + '001',
    prompt: `prompt ${n}`,
    run_type: 'Realistic',
    run_style: 'Free',
    run_ratio: 'Portrait',
    strength: 0.5,
    status: 'complete',
    is_open: 'Y',
    is_claim: 'N',
    is_delete: 'N',
    is_liked: 'N',
    like_cnt: n,
    view_cnt: n * 10,
    run_dt: '2025-01-02T03:04:05.000Z',
    imageUrl: `/api/v2/image/thumb/${n}`,
    imageDetailUrl: `/api/v1/image/detail/${n}`,
    ...patch,
  };
}

const page = (from: number, count: number, nextCursor: string | null = 'next'): TListImagesResponse => ({
  list: Array.from({ length: count }, (_, i) => image(from + i)),
  total_count: 100,
  next_cursor: nextCursor,
});

function reduce(state: GalleryState, ...actions: Parameters<typeof galleryReducer>[1][]): GalleryState {
  return actions.reduce((s, action) => galleryReducer(s, action), state);
}

function opened(type: GalleryState['type'] = 'public_gallery'): GalleryState {
  return galleryReducer(undefined, galleryOpened(type, 'seed1'));
}

function loaded(state: GalleryState, response: TListImagesResponse): GalleryState {
  const request = { generation: state.generation, page: state.page };
  return reduce(state, pageRequested(request), pageLoaded({ ...request, response }));
}

describe('gallery state', () => {
  it('opens empty at page 1 with more to come, filter ALL and sort Latest', () => {
    const dirty = loaded(reduce(opened(), filterChanged('Manga'), sortChanged('Popular')), page(1, 30));
    const state = galleryReducer(dirty, galleryOpened('collection_gallery', 'seed2'));
    expect(state).toMatchObject({
      type: 'collection_gallery',
      images: [],
      page: 1,
      hasMore: true,
      loading: false,
      filter: 'ALL',
      sort_by: 'Latest',
      totalCount: 0,
      cursor: null,
      seed: 'seed2',
    });
    expect(state.generation).toBeGreaterThan(dirty.generation);
  });

  it('page 1 replaces the list, later pages append; page moves on and the cursor is kept', () => {
    let state = loaded(opened(), page(1, 30, 'c2'));
    expect(state.images).toHaveLength(30);
    expect(state).toMatchObject({ page: 2, cursor: 'c2', hasMore: true, loading: false, totalCount: 100 });
    state = loaded(state, page(31, 30, 'c3'));
    expect(state.images.map((i) => i.like_cnt).slice(28, 32)).toEqual([29, 30, 31, 32]);
    expect(state).toMatchObject({ page: 3, cursor: 'c3' });
  });

  it('does not add an image twice when pages overlap', () => {
    let state = loaded(opened(), page(1, 30));
    state = loaded(state, page(25, 10));
    expect(state.images).toHaveLength(34);
  });

  it('hasMore turns false on an empty page or a null next_cursor', () => {
    expect(loaded(opened(), page(1, 0)).hasMore).toBe(false);
    expect(loaded(opened(), page(1, 12, null)).hasMore).toBe(false);
    expect(hasMoreAfter({ list: [image(1)] })).toBe(true);
    expect(hasMoreAfter({ list: [], next_cursor: 'x' })).toBe(false);
  });

  it('a filter or sort change clears the list and starts again from page 1', () => {
    const full = loaded(loaded(opened(), page(1, 30)), page(31, 30, null));
    for (const changed of [galleryReducer(full, filterChanged('Manga')), galleryReducer(full, sortChanged('Oldest'))]) {
      expect(changed).toMatchObject({ images: [], page: 1, hasMore: true, cursor: null, loading: false });
      expect(changed.generation).toBe(full.generation + 1);
    }
    expect(galleryReducer(full, filterChanged('Manga')).filter).toBe('Manga');
    expect(galleryReducer(full, sortChanged('Oldest')).sort_by).toBe('Oldest');
  });

  it('choosing the current filter or sort again changes nothing; an empty sort means Latest', () => {
    const state = loaded(opened(), page(1, 30));
    expect(galleryReducer(state, filterChanged('ALL'))).toBe(state);
    expect(galleryReducer(state, sortChanged('Latest'))).toBe(state);
    expect(galleryReducer(state, sortChanged(''))).toBe(state);
    expect(galleryReducer(galleryReducer(state, sortChanged('Popular')), sortChanged('')).sort_by).toBe('Latest');
  });

  it('drops a page that belongs to an earlier filter, sort or visit', () => {
    const state = opened();
    const stale = { generation: state.generation, page: 1 };
    const changed = reduce(state, pageRequested(stale), filterChanged('Manga'));
    const after = reduce(changed, pageLoaded({ ...stale, response: page(1, 30) }), pageFailed(stale));
    expect(after.images).toEqual([]);
    expect(after.loading).toBe(false);
  });

  it('pageRequested marks loading and remembers the filter used; a failure clears loading only', () => {
    const state = galleryReducer(opened(), filterChanged('Animation'));
    const request = { generation: state.generation, page: 1 };
    const loading = galleryReducer(state, pageRequested(request));
    expect(loading).toMatchObject({ loading: true, run_type: 'Animation' });
    const failed = galleryReducer(loading, pageFailed(request));
    expect(failed).toMatchObject({ loading: false, failed: true, page: 1, hasMore: true, images: [] });
  });

  it('an image change from the detail view updates the card; a delete removes it from My Collections', () => {
    const explore = loaded(opened(), page(1, 3));
    const id = explore.images[1]!.image_id;
    const liked = galleryReducer(explore, galleryImageUpdated({ imageId: id, patch: { is_liked: 'Y', like_cnt: 99 } }));
    expect(liked.images[1]).toMatchObject({ is_liked: 'Y', like_cnt: 99 });

    const collection = loaded(opened('collection_gallery'), page(1, 3));
    const claimed = galleryReducer(
      collection,
      galleryImageUpdated({ imageId: id, patch: { is_claim: 'Y', is_open: 'N' } }),
    );
    expect(claimed.images[1]).toMatchObject({ is_claim: 'Y', is_open: 'N' });
    const deleted = galleryReducer(
      collection,
      galleryImageUpdated({ imageId: id, patch: { is_delete: 'Y', is_open: 'N' } }),
    );
    expect(deleted.images.map((i) => i.image_id)).not.toContain(id);
    expect(deleted.totalCount).toBe(99);
    expect(galleryReducer(collection, galleryImageUpdated({ imageId: 'unknown', patch: { like_cnt: 1 } }))).toBe(
      collection,
    );
  });

  it('picks a Randomize seed the list query accepts', () => {
    expect(randomSeed()).toMatch(/^[a-z0-9]{12}$/);
    expect(randomSeed(() => 0)).toBe('000000000000');
    expect(galleryReducer(undefined, galleryOpened('public_gallery')).seed).toMatch(/^[a-z0-9]{12}$/);
  });
});

describe('decideFetch', () => {
  const base = createGalleryState('public_gallery');

  it('ignores a fetch while one runs', () => {
    expect(decideFetch({ ...base, loading: true }, false)).toBe('skip');
  });

  it('ignores a fetch when there is no more and page is above 1', () => {
    expect(decideFetch({ ...base, hasMore: false, page: 2 }, false)).toBe('skip');
    expect(decideFetch({ ...base, hasMore: false, page: 1 }, false)).toBe('fetch');
    expect(decideFetch({ ...base, hasMore: true, page: 5 }, false)).toBe('fetch');
  });

  it('lets guests see Explore pages 1 to 3, then asks them to log in', () => {
    expect(decideFetch({ ...base, page: 1 }, true)).toBe('fetch');
    expect(decideFetch({ ...base, page: 3 }, true)).toBe('fetch');
    expect(decideFetch({ ...base, page: 4 }, true)).toBe('login');
    expect(decideFetch({ ...base, page: 4 }, false)).toBe('fetch');
    expect(decideFetch({ ...base, page: 4, hasMore: false }, true)).toBe('skip');
  });

  it('never fetches My Collections or Liked Contents without a token', () => {
    expect(decideFetch(createGalleryState('collection_gallery'), true)).toBe('skip');
    expect(decideFetch(createGalleryState('likes_gallery'), true)).toBe('skip');
    expect(decideFetch(createGalleryState('likes_gallery'), false)).toBe('fetch');
  });
});

describe('listArgsFor', () => {
  it('sends page, limit 30 and sort, never filter ALL, and no cursor on page 1', () => {
    expect(listArgsFor(createGalleryState('public_gallery', 's'))).toEqual({
      gallery: 'public_gallery',
      page: 1,
      limit: 30,
      sort_by: 'Latest',
    });
  });

  it('sends the model filter, the seed with Randomize only, and the cursor after page 1', () => {
    const state: GalleryState = {
      ...createGalleryState('likes_gallery', 'abc'),
      filter: 'Hyper Anime',
      sort_by: 'Randomize',
      page: 2,
      cursor: 'cur',
    };
    expect(listArgsFor(state)).toEqual({
      gallery: 'likes_gallery',
      page: 2,
      limit: 30,
      sort_by: 'Randomize',
      run_type: 'Hyper Anime',
      seed: 'abc',
      cursor: 'cur',
    });
    expect(listArgsFor({ ...state, sort_by: 'Popular' })).not.toHaveProperty('seed');
  });
});

// ---- One fetch through the API slice ----

const NodeRequest = globalThis.Request;
class SameOriginRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://velvet.test') : input, init);
  }
}

function makeTestStore(token: string | null) {
  const store = configureStore({
    reducer: combineReducers({
      [api.reducerPath]: api.reducer,
      gallery: galleryReducer,
      auth: (state: { token: string | null } = { token }) => state,
      unauthorizedCount: (count = 0, action: { type: string }) => (unauthorized.match(action) ? count + 1 : count),
    }),
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  return store;
}

function stubFetch(respond: (request: Request) => Response) {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      requests.push(request);
      return respond(request);
    }),
  );
  return requests;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('loadNextPage', () => {
  beforeEach(() => {
    vi.stubGlobal('Request', SameOriginRequest);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("fetches Explore's page 1 without the token, fills a member's hearts from one liked call, then page 2 by cursor", async () => {
    let likedId = '';
    const requests = stubFetch((request) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/v2/image/liked') return json(200, { status: 'ok', liked: [likedId] });
      return json(200, url.searchParams.get('cursor') ? page(31, 30, null) : page(1, 30, 'c2'));
    });
    const lists = () => requests.filter((request) => new URL(request.url).pathname === '/api/v1/images');
    const likedCalls = () => requests.filter((request) => new URL(request.url).pathname === '/api/v2/image/liked');
    likedId = page(1, 30, 'c2').list[2]!.image_id;
    const store = makeTestStore('tok');
    store.dispatch(galleryOpened('public_gallery', 'seed'));
    store.dispatch(filterChanged('Manga'));
    await expect(store.dispatch(loadNextPage())).resolves.toBe('fetch');
    const first = new URL(lists()[0]!.url);
    expect(Object.fromEntries(first.searchParams)).toEqual({
      page: '1',
      limit: '30',
      sort_by: 'Latest',
      run_type: 'Manga',
    });
    // The spec's public list: no auth header, whoever asks.
    expect(lists()[0]!.headers.has('Authorization')).toBe(false);
    await vi.waitFor(() =>
      expect(store.getState().gallery.images.find((i) => i.is_liked === 'Y')?.image_id).toBe(likedId),
    );
    expect(likedCalls()).toHaveLength(1);
    expect(likedCalls()[0]!.headers.get('Authorization')).toBe('Bearer tok');
    expect(new URL(likedCalls()[0]!.url).searchParams.get('ids')?.split(',')).toHaveLength(30);

    await store.dispatch(loadNextPage());
    expect(Object.fromEntries(new URL(lists()[1]!.url).searchParams)).toMatchObject({ page: '2', cursor: 'c2' });
    expect(store.getState().gallery).toMatchObject({ page: 3, hasMore: false, loading: false });
    expect(store.getState().gallery.images).toHaveLength(60);
    await vi.waitFor(() => expect(likedCalls()).toHaveLength(2));

    // Nothing more: ignored without a request.
    await expect(store.dispatch(loadNextPage())).resolves.toBe('skip');
    expect(lists()).toHaveLength(2);
  });

  it('ignores a second fetch while the first one runs', async () => {
    const requests = stubFetch(() => json(200, page(1, 30)));
    const store = makeTestStore(null);
    store.dispatch(galleryOpened('public_gallery', 'seed'));
    const [a, b] = await Promise.all([store.dispatch(loadNextPage()), store.dispatch(loadNextPage())]);
    expect([a, b]).toEqual(['fetch', 'skip']);
    expect(requests).toHaveLength(1);
  });

  it('asks a guest to log in instead of fetching page 4', async () => {
    let n = 0;
    const requests = stubFetch(() => json(200, page(++n * 30, 30, `c${n}`)));
    const store = makeTestStore(null);
    store.dispatch(galleryOpened('public_gallery', 'seed'));
    for (let i = 0; i < 3; i += 1) await store.dispatch(loadNextPage());
    expect(requests).toHaveLength(3);
    await expect(store.dispatch(loadNextPage())).resolves.toBe('login');
    expect(requests).toHaveLength(3);
  });

  it('skips My Collections without a token', async () => {
    const requests = stubFetch(() => json(200, page(1, 30)));
    const store = makeTestStore(null);
    store.dispatch(galleryOpened('collection_gallery', 'seed'));
    await expect(store.dispatch(loadNextPage())).resolves.toBe('skip');
    expect(requests).toHaveLength(0);
  });

  it('a 401 clears loading and raises unauthorized (the login modal); a failure is logged only', async () => {
    stubFetch(() => json(401, { status: 'error', message: 'Please log in to see more images.' }));
    const store = makeTestStore('expired');
    store.dispatch(galleryOpened('likes_gallery', 'seed'));
    await store.dispatch(loadNextPage());
    expect(store.getState().gallery).toMatchObject({ loading: false, failed: true, images: [] });
    expect(store.getState().unauthorizedCount).toBe(1);
    expect(console.warn).toHaveBeenCalledWith('Failed to initialize gallery', expect.anything());
  });
});
