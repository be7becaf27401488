// Explore's first page asked for by the entry before React renders: the gallery's first fetch takes
// that answer instead of asking again, but only for the same list and viewer, and only while recent.
// In app/ because it needs the real store (a feature never imports app/).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  loadNextPage,
  prefetchFirstPage,
  PREFETCH_MAX_AGE_MS,
  seedFirstPage,
} from '../features/gallery/gallery-thunks.ts';
import { galleryOpened, sortChanged } from '../features/gallery/slice.ts';
import { makeStore } from './store.ts';

const page = { list: [], total_count: 0, next_cursor: null };

function stubFetch() {
  const urls: string[] = [];
  // The app's base URL is relative ('/api'); Node's Request needs an origin.
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, 'http://velvet.test') : input, init);
      }
    },
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(input instanceof Request ? input.url : String(input));
      return new Response(JSON.stringify(page), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return urls;
}

describe('prefetchFirstPage', () => {
  let urls: string[];
  beforeEach(() => {
    urls = stubFetch();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("is the gallery's first page: one request, not two", async () => {
    const store = makeStore();
    store.dispatch(prefetchFirstPage('public_gallery'));
    store.dispatch(galleryOpened('public_gallery'));
    await store.dispatch(loadNextPage());

    expect(urls).toHaveLength(1);
    expect(new URL(urls[0]!).pathname).toBe('/api/v1/images');
    expect(store.getState().gallery).toMatchObject({ page: 2, loading: false, hasMore: false });
  });

  it('is used once: the next opening asks again', async () => {
    const store = makeStore();
    store.dispatch(prefetchFirstPage('public_gallery'));
    store.dispatch(galleryOpened('public_gallery'));
    await store.dispatch(loadNextPage());
    store.dispatch(galleryOpened('public_gallery'));
    await store.dispatch(loadNextPage());

    expect(urls).toHaveLength(2);
  });

  it('is not used for another sort', async () => {
    const store = makeStore();
    store.dispatch(prefetchFirstPage('public_gallery'));
    store.dispatch(galleryOpened('public_gallery'));
    store.dispatch(sortChanged('Popular'));
    await store.dispatch(loadNextPage());

    expect(urls).toHaveLength(2);
    expect(new URL(urls[1]!).searchParams.get('sort_by')).toBe('Popular');
  });

  it('is not used once stale', async () => {
    const store = makeStore();
    store.dispatch(prefetchFirstPage('public_gallery', () => Date.now() - PREFETCH_MAX_AGE_MS - 1));
    // Answered long ago (while a request is in flight, the API slice shares it rather than ask twice).
    await new Promise((resolve) => setTimeout(resolve, 20));
    store.dispatch(galleryOpened('public_gallery'));
    await store.dispatch(loadNextPage());

    expect(urls).toHaveLength(2);
  });

  it('asks nothing for a guest on My Collections', () => {
    const store = makeStore();
    store.dispatch(prefetchFirstPage('collection_gallery'));

    expect(urls).toHaveLength(0);
  });
});

describe('seedFirstPage (the page the server rendered into the document)', () => {
  let urls: string[];
  beforeEach(() => {
    urls = stubFetch();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const served = {
    status: 'ok',
    list: [{ image_id: 'served-1' }],
    total_count: 1,
    next_cursor: null,
  } as unknown as Parameters<typeof seedFirstPage>[0];

  it("is the gallery's first page: no request at all", async () => {
    const store = makeStore();
    store.dispatch(seedFirstPage(served));
    store.dispatch(galleryOpened('public_gallery'));
    await store.dispatch(loadNextPage());

    expect(urls).toHaveLength(0);
    expect(store.getState().gallery.images.map((image) => image.image_id)).toEqual(['served-1']);
  });

  it('is not used for another sort', async () => {
    const store = makeStore();
    store.dispatch(seedFirstPage(served));
    store.dispatch(galleryOpened('public_gallery'));
    store.dispatch(sortChanged('Popular'));
    await store.dispatch(loadNextPage());

    expect(urls).toHaveLength(1);
    expect(store.getState().gallery.images).toEqual([]);
  });
});
