import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import '../styles/global.css';
import { AppProvider } from './provider.tsx';
import { createAppRouter } from './router.tsx';
import { runStartup } from './startup.ts';
import { makeStore } from './store.ts';

const store = makeStore();
runStartup(store);
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <AppProvider store={store}>
    <RouterProvider router={router} />
  </AppProvider>,
);
