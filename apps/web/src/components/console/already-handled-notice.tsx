// Shown when another support person decided the row first (the API's 409 'Already handled: ...'):
// the message as the server wrote it (what, who, when), until dismissed.
import { Button } from '../ui/button.tsx';
import styles from './console.module.css';

export function AlreadyHandledNotice({ message, onDismiss }: { message: string | null; onDismiss: () => void }) {
  if (!message) return null;
  return (
    <div role="alert" className={styles.notice} data-testid="already-handled">
      <p>{message}</p>
      <Button variant="ghost" size="sm" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}
