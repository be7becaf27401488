import { createRoot } from 'react-dom/client';
import '../styles/global.css';
import { AppProvider } from './provider.tsx';
import { prefetchFirstPage } from '../features/gallery/gallery-thunks.ts';
import { AppRouter, isExplorePath, preloadExplore } from './router.tsx';
import { runStartup } from './startup.ts';
import { makeStore } from './store.ts';

const store = makeStore();
runStartup(store);
const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
const render = () =>
  createRoot(container).render(
    <AppProvider store={store}>
      <AppRouter />
    </AppProvider>,
  );

// Opening on Explore: its route chunk and its first page are fetched now, in parallel, not after the
// router has rendered and the route has loaded. The first render waits for the chunk (it is on its
// way while this entry runs; at most EXPLORE_WAIT_MS) so the route renders with the layout instead of
// suspending, which would hold its pictures back (router.tsx, lazyRoute).
const EXPLORE_WAIT_MS = 1500;
if (isExplorePath(window.location.pathname)) {
  store.dispatch(prefetchFirstPage('public_gallery'));
  const chunk = preloadExplore().catch(() => undefined);
  void Promise.race([chunk, new Promise((resolve) => setTimeout(resolve, EXPLORE_WAIT_MS))]).then(render);
} else {
  render();
}
