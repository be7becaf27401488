// The card provider's return screens (/payment-success, /payment-cancel): one centred panel with a
// state icon, the heading, a message and an optional action.
import type { ReactNode } from 'react';
import { APP_NAME } from '../../../components/layouts/content-layout.tsx';
import { AlertCircleIcon, CheckCircleIcon, CloseIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import styles from './payment-result-panel.module.css';

export type PaymentResultState = 'pending' | 'success' | 'failure' | 'cancelled';

export interface PaymentResultPanelProps {
  state: PaymentResultState;
  title: string;
  message?: ReactNode;
  children?: ReactNode;
}

export function PaymentResultPanel({ state, title, message, children }: PaymentResultPanelProps) {
  return (
    <div className={styles.wrap}>
      <title>{`${title} · ${APP_NAME}`}</title>
      <section className={styles.panel} data-state={state} data-testid="payment-result" aria-live="polite">
        <span className={styles.icon} aria-hidden="true">
          {state === 'pending' ? (
            <Spinner size={34} />
          ) : state === 'success' ? (
            <CheckCircleIcon size={34} />
          ) : state === 'failure' ? (
            <AlertCircleIcon size={34} />
          ) : (
            <CloseIcon size={30} />
          )}
        </span>
        <h1 className={styles.title}>{title}</h1>
        {message ? (
          <p className={styles.message} data-testid="payment-result-message">
            {message}
          </p>
        ) : null}
        {children ? <div className={styles.actions}>{children}</div> : null}
      </section>
    </div>
  );
}
