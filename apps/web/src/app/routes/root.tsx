// The root route: puts the layout, the global modals, the toasts and the adult gate together.
// Features stay unaware of one another; this module wires their state and callbacks. The modals are
// not needed for the first paint: each loads when it first opens, then stays mounted (its own open and
// close transitions work as before).
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { buttonClassName } from '../../components/ui/button.tsx';
import { ContentLayout } from '../../components/layouts/content-layout.tsx';
import { canUseConsole } from '@velvet/contracts/admin/role-names';
import {
  clearSession,
  selectAuth,
  selectNickname,
  selectRole,
  selectToken,
  setBalance,
} from '../../features/auth/slice.ts';
import { AdultGate } from '../../features/consent/components/adult-gate.tsx';
import { leaveSite, useAdultConsent } from '../../features/consent/use-adult-consent.ts';
import { AppLayout } from '../../features/layout/components/app-layout.tsx';
import { useIsCompactPanel, useIsMobile } from '../../features/layout/hooks/use-media-query.ts';
import type { LayoutUser } from '../../features/layout/types.ts';
import { closeModal, openModal, selectModals } from '../../features/modals/slice.ts';
import { selectTheme, toggleTheme } from '../../features/theme/slice.ts';
import { ToastContainer } from '../../features/toast/components/toast-container.tsx';
import type { TMemberEvent } from '@velvet/contracts/events/member-event';
import { rememberFirstScreen } from '../../lib/first-screen.ts';
import { useMemberEventStream } from '../../lib/use-member-event-stream.ts';
import { useAppDispatch, useAppSelector } from '../hooks.ts';
import { refreshMemberStanding } from '../refresh-member.ts';
import { ScrollRestoration } from '../scroll-restoration.tsx';

const LoginModal = lazy(() =>
  import('../../features/auth/components/login-modal.tsx').then((m) => ({ default: m.LoginModal })),
);
const LogoutModal = lazy(() =>
  import('../../features/auth/components/logout-modal.tsx').then((m) => ({ default: m.LogoutModal })),
);
const PaymentModals = lazy(() => import('./payments/payment-modals.tsx').then((m) => ({ default: m.PaymentModals })));

/** True from the first time `open` is true on: a lazily loaded modal stays mounted once it has opened. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

function useLayoutUser(): LayoutUser | null {
  const auth = useAppSelector(selectAuth);
  const nickname = useAppSelector(selectNickname);
  if (!auth.user || !nickname) return null;
  return { nickname, balance: auth.user.cur_tokens ?? 0, picture: auth.user.picture ?? null };
}

export function RootRoute() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useLayoutUser();
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const theme = useAppSelector(selectTheme);
  const modals = useAppSelector(selectModals);
  const consent = useAdultConsent();
  const token = useAppSelector(selectToken);
  const showConsole = canUseConsole(useAppSelector(selectRole)) && isLoggedIn;
  const loginOpen = consent.given && modals.login;
  const logoutOpen = consent.given && modals.logout;
  const loginMounted = useOpenedOnce(loginOpen);
  const logoutMounted = useOpenedOnce(logoutOpen);
  // What the server needs to render Explore's first screen on the next visit: consent, this device's
  // layout and theme (lib/first-screen.ts). Revoked consent removes it.
  const isMobile = useIsMobile();
  const compactPanel = useIsCompactPanel();
  const layout = isMobile ? 'mobile' : compactPanel ? 'icons' : 'full';
  useEffect(() => rememberFirstScreen(consent.given ? { layout, theme } : null), [consent.given, layout, theme]);
  const paymentsMounted = useOpenedOnce(
    consent.given && (modals.payment || modals.paymentKind || modals.walletCreation),
  );

  // One member event stream for every screen; coins that move anywhere (a refund, a claim, a deposit,
  // a card payment) show in the balance at once. Each time it opens, the balance and the tier (restored
  // from local storage at startup) are read afresh, as they may have changed while nobody listened.
  const onMemberEvent = useCallback(
    (event: TMemberEvent) => {
      if (event.type === 'balance') dispatch(setBalance(event.cur_tokens));
    },
    [dispatch],
  );
  const onStreamOpen = useCallback(() => refreshMemberStanding(dispatch), [dispatch]);
  useMemberEventStream({ token, onEvent: onMemberEvent, onOpen: onStreamOpen });

  const openLogin = useCallback(() => dispatch(openModal('login')), [dispatch]);
  const openLogout = useCallback(() => dispatch(openModal('logout')), [dispatch]);
  const closeLogin = useCallback(() => dispatch(closeModal('login')), [dispatch]);
  const closeLogout = useCallback(() => dispatch(closeModal('logout')), [dispatch]);
  const confirmLogout = useCallback(() => {
    dispatch(clearSession());
    dispatch(closeModal('logout'));
    void navigate(paths.home);
  }, [dispatch, navigate]);

  return (
    <>
      <div inert={!consent.given} data-testid="app-shell">
        <AppLayout
          user={user}
          isLoggedIn={isLoggedIn}
          theme={theme}
          onToggleTheme={() => dispatch(toggleTheme())}
          onLogin={openLogin}
          onLogout={openLogout}
          showConsole={showConsole}
        >
          <Outlet />
        </AppLayout>
      </div>
      <Suspense fallback={null}>
        {loginMounted ? <LoginModal open={loginOpen} onClose={closeLogin} /> : null}
        {logoutMounted ? <LogoutModal open={logoutOpen} onClose={closeLogout} onConfirm={confirmLogout} /> : null}
        {paymentsMounted ? <PaymentModals enabled={consent.given} /> : null}
      </Suspense>
      <ToastContainer />
      <AdultGate open={!consent.given} onEnter={consent.give} onLeave={leaveSite} />
      <ScrollRestoration />
    </>
  );
}

/** The error screen in place of the app when a route fails (router.tsx's RouteErrorBoundary). */
export function RootErrorBoundary({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : 'Unknown error';
  return (
    <main style={{ padding: 32 }}>
      <ContentLayout centered title="Something went wrong" description={message}>
        <Link to={paths.root} className={buttonClassName({ variant: 'primary' })} reloadDocument>
          Go to home
        </Link>
      </ContentLayout>
    </main>
  );
}
