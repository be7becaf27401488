// Social sign-in return screen (spec sections 2, 4, 5 and 8): reads the id token from the URL fragment,
// sends it to the server once (StrictMode runs effects twice), stores the session, then replaces the
// page with the stored login_redirect after 1 s; any failure shows its message and goes to '/' after 2 s.
import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { TIMINGS } from '@velvet/contracts/catalog';
import { ContentLayout } from '../../../components/layouts/content-layout.tsx';
import { AlertCircleIcon, CheckCircleIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useSocialLoginMutation } from '../api.ts';
import {
  CALLBACK_MESSAGES,
  checkCallback,
  parseCallbackParams,
  socialLoginFailureMessage,
  type CallbackCheck,
} from '../google-oauth.ts';
import { clearPendingGoogleSignIn, readPendingGoogleSignIn, takeLoginRedirect } from '../google-sign-in.ts';
import { setSession } from '../slice.ts';
import styles from './social-callback.module.css';

type Phase = { kind: 'pending' } | { kind: 'success'; redirectTo: string } | { kind: 'error'; message: string };

export function SocialCallback() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [socialLogin] = useSocialLoginMutation();

  // Decided once from the URL this screen was opened with and what the sign-in stored.
  const [check] = useState<CallbackCheck>(() =>
    checkCallback(parseCallbackParams(location.hash, location.search), readPendingGoogleSignIn()),
  );
  const [phase, setPhase] = useState<Phase>(() =>
    check.kind === 'error' ? { kind: 'error', message: check.message } : { kind: 'pending' },
  );
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    // The nonce, the state and the return target are single-use, whatever the outcome.
    clearPendingGoogleSignIn();
    const redirectTo = takeLoginRedirect();
    if (check.kind !== 'ready') return;
    socialLogin(check.request)
      .unwrap()
      .then((session) => {
        if (session.status !== 'ok' || !session.token) {
          setPhase({ kind: 'error', message: session.message || CALLBACK_MESSAGES.authenticationFailed });
          return;
        }
        dispatch(setSession(session));
        setPhase({ kind: 'success', redirectTo });
      })
      .catch((failure: unknown) => setPhase({ kind: 'error', message: socialLoginFailureMessage(failure) }));
  }, [check, socialLogin, dispatch]);

  useEffect(() => {
    if (phase.kind === 'pending') return;
    const [target, delay] =
      phase.kind === 'success'
        ? [phase.redirectTo, TIMINGS.loginSuccessRedirectMs]
        : [paths.root, TIMINGS.loginFailureRedirectMs];
    const timer = window.setTimeout(() => void navigate(target, { replace: true }), delay);
    return () => window.clearTimeout(timer);
  }, [phase, navigate]);

  const title =
    phase.kind === 'pending'
      ? CALLBACK_MESSAGES.inProgress
      : phase.kind === 'success'
        ? CALLBACK_MESSAGES.success
        : phase.message;

  return (
    <ContentLayout
      centered
      title={title}
      documentTitle="Signing in"
      description={
        <span className={styles.status} role="status" data-phase={phase.kind} data-testid="social-callback-status">
          {phase.kind === 'pending' ? (
            <>
              <Spinner size={18} /> Checking your Google account…
            </>
          ) : phase.kind === 'success' ? (
            <>
              <CheckCircleIcon size={18} className={styles.ok} /> Taking you back…
            </>
          ) : (
            <>
              <AlertCircleIcon size={18} className={styles.failed} /> Returning to the home page…
            </>
          )}
        </span>
      }
    />
  );
}
