// Every route of the spec's route table (section 2), each screen a lazily loaded route module.
// /videos, /train and /webtoons are menu entries only: they fall through to the not-found screen.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { RootErrorBoundary, RootRoute } from './routes/root.tsx';

/** Explore's route module; the entry starts loading it at once when the first URL is Explore's. */
export const explore = () => import('./routes/gallery/explore.tsx');

/** Whether a pathname is one of Explore's (/, /home, /gallery). */
export function isExplorePath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === paths.root || path === paths.home || path === paths.gallery;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: paths.root,
    Component: RootRoute,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: () => null,
    children: [
      { index: true, lazy: explore },
      { path: paths.home, lazy: explore },
      { path: paths.gallery, lazy: explore },
      { path: paths.generate, lazy: () => import('./routes/generate/generate.tsx') },
      { path: paths.collections, lazy: () => import('./routes/gallery/collections.tsx') },
      { path: paths.likes, lazy: () => import('./routes/gallery/likes.tsx') },
      { path: paths.support, lazy: () => import('./routes/support/support.tsx') },
      { path: paths.account, lazy: () => import('./routes/account/account.tsx') },
      { path: paths.terms, lazy: () => import('./routes/legal/terms.tsx') },
      { path: paths.subscription, lazy: () => import('./routes/payments/subscription.tsx') },
      { path: paths.coin, lazy: () => import('./routes/payments/coin.tsx') },
      { path: paths.oauthCallback, lazy: () => import('./routes/auth/oauth-callback.tsx') },
      { path: paths.paymentSuccess, lazy: () => import('./routes/payments/payment-success.tsx') },
      { path: paths.paymentCancel, lazy: () => import('./routes/payments/payment-cancel.tsx') },
      { path: paths.verifyEmail, lazy: () => import('./routes/auth/verify-email.tsx') },
      { path: paths.resetPassword, lazy: () => import('./routes/auth/reset-password.tsx') },
      { path: '*', lazy: () => import('./routes/not-found.tsx') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
