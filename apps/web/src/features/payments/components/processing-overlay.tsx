// The full-screen 'Processing payment... Please do not close this window' overlay of the card modal.
import { createPortal } from 'react-dom';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { CARD_MESSAGES } from '../card-payment.ts';
import styles from './payment-modals.module.css';

export function ProcessingOverlay({ active }: { active: boolean }) {
  if (!active) return null;
  return createPortal(
    <div
      className={styles.overlay}
      role="alertdialog"
      aria-modal="true"
      aria-busy="true"
      aria-labelledby="processing-title"
      data-testid="processing-overlay"
    >
      <div className={styles.overlayBox}>
        <Spinner size={40} />
        <p id="processing-title" className={styles.overlayTitle}>
          {CARD_MESSAGES.processing}
        </p>
        <p className={styles.overlayText}>{CARD_MESSAGES.doNotClose}</p>
      </div>
    </div>,
    document.body,
  );
}
