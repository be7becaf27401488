// The renewing plan inside the Membership section (issue 16): plan and period, when it renews or ends,
// and 'Cancel renewal' with a confirm dialog that leaves for the processor's cancel page.
import { useState } from 'react';
import type { TSubscription } from '@velvet/contracts/payment/subscription';
import { Button } from '../../../components/ui/button.tsx';
import { RefreshIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { Notify } from '../../../lib/notify.ts';
import { useCancelRenewal } from '../hooks/use-cancel-renewal.ts';
import { cancelRenewalText, subscriptionView, SUBSCRIPTION_TEXTS as TEXTS } from '../subscription.ts';
import styles from './account.module.css';

export interface SubscriptionRenewalProps {
  subscription: TSubscription;
  notify: Notify;
}

/** One row of the Membership section's list (a <div> of <dt> and <dd>). */
export function SubscriptionRenewal({ subscription, notify }: SubscriptionRenewalProps) {
  const view = subscriptionView(subscription);
  const [confirming, setConfirming] = useState(false);
  const { leaving, cancelRenewal } = useCancelRenewal(notify);
  return (
    <div className={styles.row} data-testid="subscription-row">
      <dt className={styles.term}>
        <RefreshIcon size={18} />
        {TEXTS.label}
      </dt>
      <dd className={styles.value}>
        <div className={styles.inline}>
          <div className={styles.stack}>
            <span className={styles.strong} data-testid="subscription-plan">
              {view.plan}
            </span>
            <span className={styles.muted} data-testid="subscription-status">
              {view.status}
            </span>
          </div>
          {view.renews ? (
            <Button variant="secondary" size="sm" onClick={() => setConfirming(true)} aria-haspopup="dialog">
              {TEXTS.cancelRenewal}
            </Button>
          ) : null}
        </div>
        {confirming ? (
          <Modal
            open
            title={TEXTS.dialogTitle}
            onClose={leaving ? undefined : () => setConfirming(false)}
            describedBy="cancel-renewal-text"
            testId="cancel-renewal-dialog"
          >
            <p id="cancel-renewal-text" className={styles.muted}>
              {cancelRenewalText(view)}
            </p>
            <div className={styles.dialogActions}>
              <Button variant="secondary" onClick={() => setConfirming(false)} disabled={leaving}>
                {TEXTS.keepRenewal}
              </Button>
              <Button variant="danger" onClick={() => void cancelRenewal()} disabled={leaving} aria-busy={leaving}>
                {leaving ? <Spinner size={16} /> : null}
                {leaving ? TEXTS.leaving : TEXTS.cancelRenewal}
              </Button>
            </div>
          </Modal>
        ) : null}
      </dd>
    </div>
  );
}
