// The emailed verification link's page (not in the spec; issue 12): /verify-email?token=... sends
// the token once and shows the server's answer ('Email verified. 500 coins added.'), or explains an
// expired or used link with a button for a new one (signed in) or a Log In button (signed out).
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { VERIFICATION_MESSAGES } from '@velvet/contracts/auth/verify-email';
import { ContentLayout } from '../../../components/layouts/content-layout.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { HomeIcon, LogInIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { ResendVerificationButton } from '../../../features/account/components/email-verification.tsx';
import { useVerifyEmailMutation } from '../../../features/account/verification-api.ts';
import { selectIsLoggedIn, selectUser, updateUser } from '../../../features/auth/slice.ts';
import { openModal } from '../../../features/modals/slice.ts';
import { useToast } from '../../../features/toast/use-toast.ts';
import { apiFailureMessage } from '../../../lib/api-error.ts';
import { useAppDispatch, useAppSelector } from '../../hooks.ts';
import styles from './verify-email.module.css';

const TITLE = 'Email verification';
const TEXTS = {
  verifying: 'Verifying your email...',
  failed: 'The email could not be verified.',
  exception: 'A server error has occurred. Please open the link again.',
  signInToResend: 'Log in to get a new link.',
  home: 'Go to Explore',
} as const;

type Outcome = { state: 'pending' } | { state: 'success'; message: string } | { state: 'failure'; message: string };

export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const user = useAppSelector(selectUser);
  const [verifyEmail] = useVerifyEmailMutation();
  const [outcome, setOutcome] = useState<Outcome>(
    token ? { state: 'pending' } : { state: 'failure', message: VERIFICATION_MESSAGES.invalid },
  );
  // The token is sent once per page (React's development double effects included).
  const sent = useRef<string | null>(null);
  // Who is signed in when the answer comes (the balance is updated only for that member).
  const signedInAs = useRef(user?.member_id);
  useEffect(() => {
    signedInAs.current = user?.member_id;
  }, [user?.member_id]);

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    verifyEmail({ token })
      .unwrap()
      .then((answer) => {
        if (signedInAs.current === answer.member_id) {
          dispatch(updateUser({ cur_tokens: answer.cur_tokens, email_verified: true }));
        }
        setOutcome({ state: 'success', message: answer.message });
      })
      .catch((error: unknown) =>
        setOutcome({
          state: 'failure',
          message: apiFailureMessage(error, { refused: TEXTS.failed, exception: TEXTS.exception }),
        }),
      );
  }, [token, verifyEmail, dispatch]);

  return (
    <ContentLayout title={TITLE} centered>
      <section className={styles.section} data-testid="verify-email" data-state={outcome.state} aria-live="polite">
        {outcome.state === 'pending' ? (
          <p>
            <Spinner size={18} /> {TEXTS.verifying}
          </p>
        ) : (
          <p data-testid="verify-email-message">{outcome.message}</p>
        )}
        <div className={styles.actions}>
          {outcome.state === 'failure' ? (
            isLoggedIn ? (
              <ResendVerificationButton notify={toast} />
            ) : (
              <Button variant="primary" size="sm" onClick={() => dispatch(openModal('login'))}>
                <LogInIcon size={16} />
                {TEXTS.signInToResend}
              </Button>
            )
          ) : null}
          {outcome.state !== 'pending' ? (
            <Button variant="secondary" size="sm" onClick={() => void navigate(paths.home)}>
              <HomeIcon size={16} />
              {TEXTS.home}
            </Button>
          ) : null}
        </div>
      </section>
    </ContentLayout>
  );
}
