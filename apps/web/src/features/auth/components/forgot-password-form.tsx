// 'Forgot password?' inside the login modal: the email, then the same answer whether an account
// exists or not (the server mails a link valid 1 hour, or a "use Google" note).
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormError, TextField } from '../../../components/ui/form.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useForgotPasswordMutation } from '../password-api.ts';
import { PASSWORD_RESET_MESSAGES, passwordResetFailureMessage, validateForgot } from '../password-reset-form.ts';
import styles from './auth-modals.module.css';

export interface ForgotPasswordFormProps {
  /** What was typed in the login form, carried over. */
  initialEmail: string;
  onBack: () => void;
}

export function ForgotPasswordForm({ initialEmail, onBack }: ForgotPasswordFormProps) {
  const [forgotPassword, state] = useForgotPasswordMutation();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const busy = state.isLoading;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    const problem = validateForgot(email);
    if (problem) return setError(problem);
    try {
      const answer = await forgotPassword({ email: email.trim() }).unwrap();
      setSent(answer.message || PASSWORD_RESET_MESSAGES.sent);
    } catch (failure) {
      setError(passwordResetFailureMessage(failure));
    }
  };

  return (
    <>
      <p id="login-subtitle" className={styles.subtitle}>
        Enter the email of your account and we will send you a link to choose a new password.
      </p>
      {sent ? (
        <p className={styles.text} role="status" data-testid="forgot-password-sent">
          {sent}
        </p>
      ) : (
        <form
          className={styles.form}
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-busy={busy || undefined}
        >
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="username"
            inputMode="email"
            placeholder="you@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            disabled={busy}
          />
          <FormError message={error} testId="forgot-password-error" />
          <Button type="submit" variant="primary" size="lg" block disabled={busy} aria-busy={busy || undefined}>
            {busy ? <Spinner size={18} /> : null}
            Send reset link
          </Button>
        </form>
      )}
      <p className={styles.switch}>
        <button type="button" className={styles.linkButton} onClick={onBack}>
          Back to log in
        </button>
      </p>
    </>
  );
}
