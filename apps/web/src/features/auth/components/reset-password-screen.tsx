// /reset-password?token=... (the link of the password reset email): the new password twice. Success
// signs the member in (the server ends every other session) and goes home; a used or expired link
// shows the server's message and offers the log-in window, where a new link can be asked for.
import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { ContentLayout } from '../../../components/layouts/content-layout.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormError, TextField } from '../../../components/ui/form.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useResetPasswordMutation } from '../password-api.ts';
import {
  PASSWORD_RESET_MESSAGES,
  passwordResetFailureMessage,
  resetTokenFrom,
  validateNewPassword,
} from '../password-reset-form.ts';
import { setSession } from '../slice.ts';
import styles from './auth-modals.module.css';

export interface ResetPasswordScreenProps {
  /** Opens the log-in window (to sign in, or to ask for a new link). */
  onLogin: () => void;
}

export function ResetPasswordScreen({ onLogin }: ResetPasswordScreenProps) {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [resetPassword, state] = useResetPasswordMutation();
  const [token] = useState(() => resetTokenFrom(location.search));
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(token ? null : PASSWORD_RESET_MESSAGES.missingToken);
  const busy = state.isLoading;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !token) return;
    setError(null);
    const problem = validateNewPassword(password, confirm);
    if (problem) return setError(problem);
    try {
      const session = await resetPassword({ token, password }).unwrap();
      dispatch(setSession(session));
      void navigate(paths.root, { replace: true });
    } catch (failure) {
      setError(passwordResetFailureMessage(failure));
    }
  };

  return (
    <ContentLayout centered title="Choose a new password" description="Type it twice. Every other session ends.">
      <form
        className={styles.form}
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-busy={busy || undefined}
        data-testid="reset-password-form"
      >
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          placeholder="At least 7 characters with one of !@#$%^&*"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          disabled={busy || !token}
        />
        <TextField
          label="Confirm"
          name="confirm"
          type="password"
          autoComplete="new-password"
          placeholder="Repeat your password"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          disabled={busy || !token}
        />
        <FormError message={error} testId="reset-password-error" />
        <Button type="submit" variant="primary" size="lg" block disabled={busy || !token} aria-busy={busy || undefined}>
          {busy ? <Spinner size={18} /> : null}
          Set new password
        </Button>
      </form>
      <p className={styles.switch}>
        <button type="button" className={styles.linkButton} onClick={onLogin}>
          Log in or ask for a new link
        </button>
      </p>
    </ContentLayout>
  );
}
