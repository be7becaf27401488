// Deposits and payments (issue 15, docs/support.md "Deposits and payments"): three tabs, crypto
// deposits needing a decision, card payments, refunds and disputes.
import { useState } from 'react';
import type { Notify } from '../../../lib/notify.ts';
import { CardPaymentsTab } from './card-payments-tab.tsx';
import { DepositsTab } from './deposits-tab.tsx';
import styles from './payments.module.css';

const TABS = [
  { id: 'deposits', label: 'Deposits needing a decision' },
  { id: 'cards', label: 'Card payments' },
  { id: 'reversals', label: 'Refunds and disputes' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export function PaymentsScreen({ notify }: { notify: Notify }) {
  const [tab, setTab] = useState<TabId>('deposits');
  return (
    <div className={styles.screen} data-testid="console-payments">
      <div role="tablist" aria-label="Deposits and payments" className={styles.tabs}>
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`payments-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`payments-panel-${t.id}`}
            className={tab === t.id ? styles.activeTab : styles.tabButton}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`payments-panel-${tab}`} aria-labelledby={`payments-tab-${tab}`}>
        {tab === 'deposits' ? <DepositsTab notify={notify} /> : null}
        {tab === 'cards' ? <CardPaymentsTab key="all" notify={notify} view="all" /> : null}
        {tab === 'reversals' ? <CardPaymentsTab key="reversals" notify={notify} view="reversals" /> : null}
      </div>
    </div>
  );
}
