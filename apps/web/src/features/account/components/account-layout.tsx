// The account page's frame: the column of sections, and the loading / failed state shown before the
// member is known.
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ACCOUNT_MESSAGES } from '../account-messages.ts';
import styles from './account.module.css';

export function AccountSections({ children }: { children: ReactNode }) {
  return <div className={styles.grid}>{children}</div>;
}

export function AccountLoadState({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  return failed ? (
    <div className={styles.state} role="alert">
      {ACCOUNT_MESSAGES.loadFailed}
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  ) : (
    <div className={styles.state}>
      <Spinner size={20} label="Loading your account" />
      Loading your account…
    </div>
  );
}
