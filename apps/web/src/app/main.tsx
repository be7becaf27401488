import { createRoot } from 'react-dom/client';
import '../styles/global.css';
import { AppProvider } from './provider.tsx';
import { FIRST_PAGE_SCRIPT_ID } from '@velvet/contracts/first-screen';
import type { TListImagesResponse } from '@velvet/contracts/galleries/list-images';
import { prefetchFirstPage, seedFirstPage } from '../features/gallery/gallery-thunks.ts';
import { AppRouter, isExplorePath, preloadExplore } from './router.tsx';
import { runStartup } from './startup.ts';
import { makeStore } from './store.ts';

const store = makeStore();
runStartup(store);
const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

/**
 * The first page the server sent with its render of Explore's first screen (API
 * plugins/app/first-screen.ts), or null. React renders over that markup (createRoot replaces it): the
 * same layout and cells, so the pictures already painted stay where they are.
 */
function takeServerFirstPage(): TListImagesResponse | null {
  const script = document.getElementById(FIRST_PAGE_SCRIPT_ID);
  script?.remove();
  try {
    return script?.textContent ? (JSON.parse(script.textContent) as TListImagesResponse) : null;
  } catch {
    return null;
  }
}

const render = () => {
  // The server's first screen (if any) is replaced now; its session placeholders go with it.
  container.removeAttribute('data-first-screen');
  createRoot(container).render(
    <AppProvider store={store}>
      <AppRouter />
    </AppProvider>,
  );
};

// Opening on Explore: its route chunk and its first page are fetched now, in parallel, not after the
// router has rendered and the route has loaded. The first render waits for the chunk (it is on its
// way while this entry runs; at most EXPLORE_WAIT_MS) so the route renders with the layout instead of
// suspending, which would hold its pictures back (router.tsx, lazyRoute).
const EXPLORE_WAIT_MS = 1500;
if (isExplorePath(window.location.pathname)) {
  const served = takeServerFirstPage();
  store.dispatch(served ? seedFirstPage(served) : prefetchFirstPage('public_gallery'));
  const chunk = preloadExplore().catch(() => undefined);
  void Promise.race([chunk, new Promise((resolve) => setTimeout(resolve, EXPLORE_WAIT_MS))]).then(render);
} else {
  render();
}
