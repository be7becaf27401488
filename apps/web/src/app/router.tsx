// Every route of the spec's route table (section 2), each screen a lazily loaded route module.
// /videos, /train and /webtoons are menu entries only: they fall through to the not-found screen.
//
// A declarative router (<BrowserRouter> and <Routes>), not a data router: the app uses no loaders,
// actions or fetchers, and the data router's code was ~18 KB gzip of the first load (issue 11,
// docs/performance.md). What the app took from it is kept here: lazy route modules (React.lazy, each
// exporting `Component`), the root error screen (route-error-boundary.tsx) and scroll restoration
// (scroll-restoration.tsx).
import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { paths } from '../config/paths.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { RootErrorBoundary, RootRoute } from './routes/root.tsx';

type RouteModule = { Component: ComponentType };

/** Explore's route module; the entry starts loading it at once when the first URL is Explore's. */
export const explore = () => import('./routes/gallery/explore.tsx');

/** Whether a pathname is one of Explore's (/, /home, /gallery). */
export function isExplorePath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === paths.root || path === paths.home || path === paths.gallery;
}

/** A route element that loads its module on first render; nothing shows in its place meanwhile. */
function lazyRoute(load: () => Promise<RouteModule>) {
  const Screen = lazy(() => load().then((module) => ({ default: module.Component })));
  return (
    <Suspense fallback={null}>
      <Screen />
    </Suspense>
  );
}

const screens = {
  explore: lazyRoute(explore),
  generate: lazyRoute(() => import('./routes/generate/generate.tsx')),
  collections: lazyRoute(() => import('./routes/gallery/collections.tsx')),
  likes: lazyRoute(() => import('./routes/gallery/likes.tsx')),
  support: lazyRoute(() => import('./routes/support/support.tsx')),
  account: lazyRoute(() => import('./routes/account/account.tsx')),
  terms: lazyRoute(() => import('./routes/legal/terms.tsx')),
  subscription: lazyRoute(() => import('./routes/payments/subscription.tsx')),
  coin: lazyRoute(() => import('./routes/payments/coin.tsx')),
  oauthCallback: lazyRoute(() => import('./routes/auth/oauth-callback.tsx')),
  paymentSuccess: lazyRoute(() => import('./routes/payments/payment-success.tsx')),
  paymentCancel: lazyRoute(() => import('./routes/payments/payment-cancel.tsx')),
  verifyEmail: lazyRoute(() => import('./routes/auth/verify-email.tsx')),
  resetPassword: lazyRoute(() => import('./routes/auth/reset-password.tsx')),
  notFound: lazyRoute(() => import('./routes/not-found.tsx')),
};

function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname} fallback={(error) => <RootErrorBoundary error={error} />}>
      <Routes>
        <Route path={paths.root} element={<RootRoute />}>
          <Route index element={screens.explore} />
          <Route path={paths.home} element={screens.explore} />
          <Route path={paths.gallery} element={screens.explore} />
          <Route path={paths.generate} element={screens.generate} />
          <Route path={paths.collections} element={screens.collections} />
          <Route path={paths.likes} element={screens.likes} />
          <Route path={paths.support} element={screens.support} />
          <Route path={paths.account} element={screens.account} />
          <Route path={paths.terms} element={screens.terms} />
          <Route path={paths.subscription} element={screens.subscription} />
          <Route path={paths.coin} element={screens.coin} />
          <Route path={paths.oauthCallback} element={screens.oauthCallback} />
          <Route path={paths.paymentSuccess} element={screens.paymentSuccess} />
          <Route path={paths.paymentCancel} element={screens.paymentCancel} />
          <Route path={paths.verifyEmail} element={screens.verifyEmail} />
          <Route path={paths.resetPassword} element={screens.resetPassword} />
          <Route path="*" element={screens.notFound} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}

/** The app's router: the browser's history and every route. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
