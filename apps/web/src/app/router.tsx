// Every route of the spec's route table (section 2), each screen a lazily loaded route module.
// /videos, /train and /webtoons are menu entries only: they fall through to the not-found screen.
//
// A declarative router (<BrowserRouter> and <Routes>), not a data router: the app uses no loaders,
// actions or fetchers, and the data router's code was ~18 KB gzip of the first load (issue 11,
// docs/performance.md). What the app took from it is kept here: lazy route modules (React.lazy, each
// exporting `Component`), the root error screen (route-error-boundary.tsx) and scroll restoration
// (scroll-restoration.tsx).
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { paths } from '../config/paths.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { RootErrorBoundary, RootRoute } from './routes/root.tsx';

type RouteModule = { Component: ComponentType };

/** Whether a pathname is one of Explore's (/, /home, /gallery). */
export function isExplorePath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === paths.root || path === paths.home || path === paths.gallery;
}

interface LazyRoute {
  element: ReactElement;
  /** Loads the module now; once loaded, the route renders it at once instead of suspending. */
  preload(): Promise<void>;
}

/**
 * A route element that loads its module on first render; nothing shows in its place meanwhile. A
 * module already loaded (preload) renders without suspending: React holds back a suspended route's
 * content for up to 300 ms after its fallback (Suspense throttling), which delayed Explore's first
 * pictures by that much although its chunk had long arrived (docs/performance.md).
 */
function lazyRoute(load: () => Promise<RouteModule>): LazyRoute {
  let loaded: ComponentType | null = null;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.Component;
      return module;
    });
  const Lazy = lazy(() => loadAndKeep().then((module) => ({ default: module.Component })));
  function RouteScreen() {
    const Loaded = loaded;
    if (Loaded) return <Loaded />;
    return (
      <Suspense fallback={null}>
        <Lazy />
      </Suspense>
    );
  }
  return { element: <RouteScreen />, preload: () => loadAndKeep().then(() => undefined) };
}

const screens = {
  explore: lazyRoute(() => import('./routes/gallery/explore.tsx')),
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
  // The support console (support and admin sessions; anyone else gets the not-found screen).
  console: lazyRoute(() => import('./routes/admin/console-layout.tsx')),
  consoleIndex: lazyRoute(() => import('./routes/admin/index.tsx')),
  consoleInbox: lazyRoute(() => import('./routes/admin/inbox.tsx')),
  consoleClaims: lazyRoute(() => import('./routes/admin/claims.tsx')),
  consoleModeration: lazyRoute(() => import('./routes/admin/moderation.tsx')),
  consolePayments: lazyRoute(() => import('./routes/admin/payments.tsx')),
  consoleMembers: lazyRoute(() => import('./routes/admin/members.tsx')),
  consoleQueues: lazyRoute(() => import('./routes/admin/queues.tsx')),
  consoleAudit: lazyRoute(() => import('./routes/admin/audit.tsx')),
};

/** Explore's route module: the entry starts loading it at once when the first URL is Explore's. */
export const preloadExplore = () => screens.explore.preload();

function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname} fallback={(error) => <RootErrorBoundary error={error} />}>
      <Routes>
        <Route path={paths.root} element={<RootRoute />}>
          <Route index element={screens.explore.element} />
          <Route path={paths.home} element={screens.explore.element} />
          <Route path={paths.gallery} element={screens.explore.element} />
          <Route path={paths.generate} element={screens.generate.element} />
          <Route path={paths.collections} element={screens.collections.element} />
          <Route path={paths.likes} element={screens.likes.element} />
          <Route path={paths.support} element={screens.support.element} />
          <Route path={paths.account} element={screens.account.element} />
          <Route path={paths.terms} element={screens.terms.element} />
          <Route path={paths.subscription} element={screens.subscription.element} />
          <Route path={paths.coin} element={screens.coin.element} />
          <Route path={paths.oauthCallback} element={screens.oauthCallback.element} />
          <Route path={paths.paymentSuccess} element={screens.paymentSuccess.element} />
          <Route path={paths.paymentCancel} element={screens.paymentCancel.element} />
          <Route path={paths.verifyEmail} element={screens.verifyEmail.element} />
          <Route path={paths.resetPassword} element={screens.resetPassword.element} />
          <Route path={paths.admin} element={screens.console.element}>
            <Route index element={screens.consoleIndex.element} />
            <Route path={paths.adminInbox} element={screens.consoleInbox.element} />
            <Route path={paths.adminClaims} element={screens.consoleClaims.element} />
            <Route path={paths.adminModeration} element={screens.consoleModeration.element} />
            <Route path={paths.adminPayments} element={screens.consolePayments.element} />
            <Route path={paths.adminMembers} element={screens.consoleMembers.element} />
            <Route path={paths.adminQueues} element={screens.consoleQueues.element} />
            <Route path={paths.adminAudit} element={screens.consoleAudit.element} />
            <Route path="*" element={screens.notFound.element} />
          </Route>
          <Route path="*" element={screens.notFound.element} />
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
