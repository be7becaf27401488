// Login/register modal (spec sections 2, 4, 5 and 8). The dialog mounts when the modal opens, so its
// fields, mode and error start fresh every time. A successful login or register stores the session
// (session-persistence.ts writes token and user) and closes the modal.
import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { Link } from 'react-router';
import { POLICY } from '@velvet/contracts/catalog';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox, FormError, TextField } from '../../../components/ui/form.tsx';
import { GoogleIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { termsPath } from '../../../config/paths.ts';
import { useLazyGetAuthConfigQuery, useRegisterMutation, useSelfLoginMutation } from '../api.ts';
import {
  AUTH_MESSAGES,
  loginFailureMessage,
  loginOutcome,
  registerFailureMessage,
  registerOutcome,
  validateLogin,
  validateRegister,
  type AuthMode,
  type SignInOutcome,
} from '../credentials-form.ts';
import { startGoogleSignIn } from '../google-sign-in.ts';
import { setSession } from '../slice.ts';
import styles from './auth-modals.module.css';
import { ForgotPasswordForm } from './forgot-password-form.tsx';

export interface LoginModalProps {
  open: boolean;
  onClose: () => void;
}

export function LoginModal({ open, onClose }: LoginModalProps) {
  return open ? <LoginDialog onClose={onClose} /> : null;
}

const TITLES: Record<AuthMode, string> = { login: 'Welcome Back', register: 'Create Account' };
const SUBTITLES: Record<AuthMode, string> = {
  login: 'Log in to generate, collect and like images.',
  register: 'Join Velvet and start creating in seconds.',
};

function LegalLinks() {
  return (
    <>
      <Link to={termsPath('terms')} target="_blank" rel="noopener">
        Terms of Use
      </Link>{' '}
      and{' '}
      <Link to={termsPath('privacy')} target="_blank" rel="noopener">
        Privacy Policy
      </Link>
    </>
  );
}

function LoginDialog({ onClose }: { onClose: () => void }) {
  const dispatch = useDispatch();
  const [selfLogin, loginState] = useSelfLoginMutation();
  const [register, registerState] = useRegisterMutation();
  const [fetchAuthConfig] = useLazyGetAuthConfigQuery();

  const [mode, setMode] = useState<AuthMode>('login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [nickname, setNickname] = useState('');
  const [confirm, setConfirm] = useState('');
  const [adultAttestation, setAdultAttestation] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [googleBusy, setGoogleBusy] = useState(false);
  // 'Forgot password?' replaces the form until 'Back to log in'.
  const [forgotPassword, setForgotPassword] = useState(false);

  const busy = loginState.isLoading || registerState.isLoading || googleBusy;
  const isRegister = mode === 'register';

  const finish = (outcome: SignInOutcome) => {
    if (outcome.kind === 'session') {
      dispatch(setSession(outcome.session));
      onClose();
    } else if (outcome.kind === 'unregistered') {
      // Keep what was typed: the email carries over into the registration.
      setMode('register');
      setError(outcome.message);
    } else {
      setError(outcome.message);
    }
  };

  const submitLogin = async () => {
    const problem = validateLogin({ email, password });
    if (problem) return setError(problem);
    let response;
    try {
      response = await selfLogin({ member_id: email, member_pwd: password }).unwrap();
    } catch (failure) {
      return setError(loginFailureMessage(failure));
    }
    finish(loginOutcome(response));
  };

  const submitRegister = async () => {
    const problem = validateRegister({ email, password, nickname, confirm, adultAttestation });
    if (problem) return setError(problem);
    let response;
    try {
      response = await register({
        member_id: email.trim(),
        member_pwd: password,
        nicname: nickname.trim(),
        adult_attestation: true,
      }).unwrap();
    } catch (failure) {
      return setError(registerFailureMessage(failure));
    }
    finish(registerOutcome(response));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    void (isRegister ? submitRegister() : submitLogin());
  };

  const continueWithGoogle = async () => {
    if (busy) return;
    setError(null);
    setGoogleBusy(true);
    const result = await fetchAuthConfig(undefined, true);
    if (!result.data) {
      setGoogleBusy(false);
      return setError(AUTH_MESSAGES.serverError);
    }
    if (!result.data.google) {
      setGoogleBusy(false);
      return setError(AUTH_MESSAGES.googleUnavailable);
    }
    // The page leaves for Google; the spinner stays until it does.
    startGoogleSignIn(result.data.google);
  };

  const switchMode = () => {
    setMode(isRegister ? 'login' : 'register');
    setError(null);
  };

  if (forgotPassword) {
    return (
      <Modal open title="Reset your password" onClose={onClose} testId="login-modal" describedBy="login-subtitle">
        <ForgotPasswordForm initialEmail={email} onBack={() => setForgotPassword(false)} />
      </Modal>
    );
  }

  return (
    <Modal open title={TITLES[mode]} onClose={onClose} testId="login-modal" describedBy="login-subtitle">
      <p id="login-subtitle" className={styles.subtitle}>
        {SUBTITLES[mode]}
      </p>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
        {/* The fields scroll when the window is short; the error and the actions below stay in view. */}
        <div className={styles.fields}>
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete={isRegister ? 'email' : 'username'}
            inputMode="email"
            placeholder="you@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            disabled={busy}
          />
          {isRegister ? (
            <TextField
              label="Nickname"
              name="nickname"
              autoComplete="nickname"
              placeholder="How others will see you"
              value={nickname}
              onChange={(event) => setNickname(event.target.value)}
              disabled={busy}
            />
          ) : null}
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete={isRegister ? 'new-password' : 'current-password'}
            placeholder={isRegister ? 'At least 7 characters with one of !@#$%^&*' : 'Your password'}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            disabled={busy}
          />
          {isRegister ? null : (
            <p className={styles.forgot}>
              <button
                type="button"
                className={styles.linkButton}
                onClick={() => setForgotPassword(true)}
                disabled={busy}
                data-testid="forgot-password"
              >
                Forgot password?
              </button>
            </p>
          )}
          {isRegister ? (
            <>
              <TextField
                label="Confirm"
                name="confirm"
                type="password"
                autoComplete="new-password"
                placeholder="Repeat your password"
                value={confirm}
                onChange={(event) => setConfirm(event.target.value)}
                disabled={busy}
              />
              <Checkbox
                name="adult_attestation"
                checked={adultAttestation}
                onCheckedChange={setAdultAttestation}
                disabled={busy}
                data-testid="adult-attestation"
              >
                I confirm I am {POLICY.minimumAge} years of age or older and agree to the <LegalLinks />.
              </Checkbox>
            </>
          ) : null}
        </div>
        <div className={styles.footer}>
          <FormError message={error} testId="login-error" />

          <Button type="submit" variant="primary" size="lg" block disabled={busy} aria-busy={busy || undefined}>
            {loginState.isLoading || registerState.isLoading ? <Spinner size={18} /> : null}
            {isRegister ? 'Sign Up' : 'Log In'}
          </Button>

          <p className={styles.switch}>
            <button type="button" className={styles.linkButton} onClick={switchMode} disabled={busy}>
              {isRegister ? 'Already have an account? Log in' : "Don't have an account? Sign up"}
            </button>
          </p>

          <div className={styles.divider} role="separator" aria-label="OR">
            <span>OR</span>
          </div>

          <Button variant="secondary" size="lg" block onClick={() => void continueWithGoogle()} disabled={busy}>
            {googleBusy ? <Spinner size={18} /> : <GoogleIcon size={18} />}
            Continue with Google
          </Button>

          <p className={styles.fine}>
            {isRegister ? (
              <>By continuing with Google you also confirm you are {POLICY.minimumAge} or older.</>
            ) : (
              <>
                By continuing you confirm you are {POLICY.minimumAge} or older and agree to our <LegalLinks />.
              </>
            )}
          </p>
        </div>
      </form>
    </Modal>
  );
}
