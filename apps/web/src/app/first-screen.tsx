// The server's render of Explore's first screen (docs/performance.md, "Server-rendered first screen"):
// built apart (`vite build --ssr`, into dist-server/) and called by the API when it serves index.html
// for an Explore URL to a visitor whose first-screen cookie says they passed the adult gate. It renders
// the app's own layout and gallery, as a guest sees them, from the guests' first page (the API's
// cached answer), with the device's last layout and theme from the cookie; the grid's first rows come
// for every column count and the stylesheet shows the right one. The browser then renders the app
// over it (createRoot, main.tsx): same layout, same cells, so the pictures it paints first stay.
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import type { FirstScreenHints } from '@velvet/contracts/first-screen';
import type { TListImagesResponse } from '@velvet/contracts/galleries/list-images';
import { GALLERY_LIST_PATHS } from '@velvet/contracts/routes';
import { paths } from '../config/paths.ts';
import {
  createGalleryState,
  galleryOpened,
  listArgsFor,
  pageLoaded,
  pageRequested,
} from '../features/gallery/slice.ts';
import { setTheme } from '../features/theme/slice.ts';
import { ServerFirstScreen } from '../lib/first-screen.ts';
import { AppProvider } from './provider.tsx';
import { Component as Explore } from './routes/gallery/explore.tsx';
import { RootRoute } from './routes/root.tsx';
import { makeStore } from './store.ts';

/** The route module the first screen renders: the API links its CSS and chunks (Vite's manifest). */
export const FIRST_SCREEN_ROUTE_SOURCE = 'src/app/routes/gallery/explore.tsx';

/** The request the browser's Explore makes for its first page (path and query), for the server to answer. */
export function firstScreenPageRequest(): { path: string; query: Record<string, string> } {
  const { gallery, ...params } = listArgsFor(createGalleryState('public_gallery'));
  const query = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]));
  return { path: GALLERY_LIST_PATHS[gallery], query };
}

/** The markup of Explore's first screen at `url` (an Explore path) for the visitor's hints. */
export function renderFirstScreen(input: { url: string; hints: FirstScreenHints; page: TListImagesResponse }): string {
  const store = makeStore();
  store.dispatch(setTheme(input.hints.theme));
  store.dispatch(galleryOpened('public_gallery'));
  const { generation } = store.getState().gallery;
  store.dispatch(pageRequested({ generation, page: 1 }));
  store.dispatch(pageLoaded({ generation, page: 1, response: input.page }));
  const explore = <Explore />;
  return renderToString(
    <AppProvider store={store}>
      <ServerFirstScreen.Provider value={input.hints}>
        <StaticRouter location={input.url}>
          <Routes>
            <Route path={paths.root} element={<RootRoute />}>
              <Route index element={explore} />
              <Route path={paths.home} element={explore} />
              <Route path={paths.gallery} element={explore} />
            </Route>
          </Routes>
        </StaticRouter>
      </ServerFirstScreen.Provider>
    </AppProvider>,
  );
}
