// A logged-out placeholder for screens that need a member: a short explanation and a log-in button.
import { Button } from './button.tsx';
import { LogInIcon } from './icons.tsx';
import styles from './login-prompt.module.css';

export interface LoginPromptProps {
  /** An optional heading above the message (e.g. 'Login Required'). */
  title?: string;
  message: string;
  buttonLabel?: string;
  onLogin: () => void;
}

export function LoginPrompt({ title, message, buttonLabel = 'Log In', onLogin }: LoginPromptProps) {
  return (
    <div className={styles.prompt} data-testid="login-prompt">
      <span className={styles.icon} aria-hidden="true">
        <LogInIcon size={26} />
      </span>
      {title ? <h2 className={styles.title}>{title}</h2> : null}
      <p className={styles.message}>{message}</p>
      <Button variant="primary" size="lg" onClick={onLogin}>
        {buttonLabel}
      </Button>
    </div>
  );
}
