// The account page's 'Email not verified' card and the resend button it shares with the
// /verify-email page (a link that expired or was used). Resends are limited by the server (one a
// minute, five a day); its message is shown as it says it.
import { WELCOME_COINS } from '@velvet/contracts/catalog';
import { Button } from '../../../components/ui/button.tsx';
import { MailIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiFailureMessage } from '../../../lib/api-error.ts';
import type { Notify } from '../../../lib/notify.ts';
import { useResendVerificationMutation } from '../verification-api.ts';
import styles from './account.module.css';

export const VERIFICATION_TEXTS = {
  notVerified: 'Email not verified',
  explain: (email: string) =>
    `We sent a verification link to ${email}. Verify your email to receive your ${WELCOME_COINS} welcome coins.`,
  resend: 'Resend verification email',
  resendFailed: 'The verification email could not be sent.',
  resendException: 'An error occurred while sending the verification email.',
} as const;

export function ResendVerificationButton({ notify }: { notify: Notify }) {
  const [resend, { isLoading }] = useResendVerificationMutation();
  const onClick = async () => {
    try {
      notify.success((await resend().unwrap()).message);
    } catch (failure) {
      notify.error(
        apiFailureMessage(failure, {
          refused: VERIFICATION_TEXTS.resendFailed,
          exception: VERIFICATION_TEXTS.resendException,
        }),
      );
    }
  };
  return (
    <Button variant="primary" size="sm" onClick={() => void onClick()} disabled={isLoading}>
      {isLoading ? <Spinner size={14} /> : <MailIcon size={16} />}
      {VERIFICATION_TEXTS.resend}
    </Button>
  );
}

export function EmailVerification({ email, notify }: { email: string; notify: Notify }) {
  return (
    <section className={styles.card} aria-labelledby="verification-heading" data-testid="email-verification">
      <h2 id="verification-heading" className={styles.cardTitle}>
        {VERIFICATION_TEXTS.notVerified}
      </h2>
      <div className={styles.dangerBody}>
        <p className={styles.muted} data-testid="email-verification-text">
          {VERIFICATION_TEXTS.explain(email)}
        </p>
        <ResendVerificationButton notify={notify} />
      </div>
    </section>
  );
}
