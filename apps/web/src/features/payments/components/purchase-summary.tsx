// What is being paid for, at the top of each payment modal: 'Ultimate plan · Billed yearly · 500K
// coins  $156' or '12,000 Coins · One-off coin pack  $15'.
import type { TPaymentDetails } from '@velvet/contracts/entities';
import { CoinIcon, CrownIcon } from '../../../components/ui/icons.tsx';
import { purchaseSummary } from '../payment-details.ts';
import styles from './payment-modals.module.css';

export function PurchaseSummaryBox({ details }: { details: TPaymentDetails }) {
  const summary = purchaseSummary(details);
  if (!summary) return null;
  return (
    <div className={styles.summary} data-testid="purchase-summary">
      <span className={styles.summaryIcon} aria-hidden="true">
        {details.paymentType === 'membership' ? <CrownIcon size={20} /> : <CoinIcon size={20} />}
      </span>
      <span className={styles.summaryText}>
        <span className={styles.summaryTitle}>{summary.title}</span>
        <span className={styles.summaryDetail}>{summary.detail}</span>
      </span>
      <span className={styles.summaryPrice} data-testid="purchase-price">
        {summary.price}
      </span>
    </div>
  );
}
