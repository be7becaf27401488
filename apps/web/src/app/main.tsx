import { createRoot } from 'react-dom/client';
import '../styles/global.css';
import { AppProvider } from './provider.tsx';
import { prefetchFirstPage } from '../features/gallery/gallery-thunks.ts';
import { AppRouter, explore, isExplorePath } from './router.tsx';
import { runStartup } from './startup.ts';
import { makeStore } from './store.ts';

const store = makeStore();
runStartup(store);
// Opening on Explore: its route chunk and its first page are fetched now, in parallel, not after the
// router has rendered and the route has loaded.
if (isExplorePath(window.location.pathname)) {
  void explore();
  store.dispatch(prefetchFirstPage('public_gallery'));
}
const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <AppProvider store={store}>
    <AppRouter />
  </AppProvider>,
);
