// Card payments as the processors recorded them (status, member, amount, processor ids); in the
// 'reversals' view only refunds, disputes and partial refunds, with the coins taken back and those
// that could not be (already spent: follow up with the member). Read-only.
import { CARD_PAYMENT_KINDS, CARD_PAYMENT_STATUSES, type TCardPaymentItem } from '@velvet/contracts/admin/payments';
import { ConsoleTable, type ConsoleColumn } from '../../../components/console/console-table.tsx';
import { FilterBar, FilterField } from '../../../components/console/filter-bar.tsx';
import { formatConsoleTime } from '../../../components/console/format.ts';
import { StatusBadge, type StatusTone } from '../../../components/console/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { Notify } from '../../../lib/notify.ts';
import { useCardPayments, type PaymentKindFilter, type PaymentStatusFilter } from '../hooks/use-card-payments.ts';
import styles from './payments.module.css';

const TONES: Record<TCardPaymentItem['status'], StatusTone> = {
  pending: 'info',
  succeeded: 'success',
  failed: 'danger',
  canceled: 'neutral',
  refunded: 'warning',
};

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

const COLUMNS: ConsoleColumn<TCardPaymentItem>[] = [
  {
    key: 'status',
    header: 'Status',
    nowrap: true,
    cell: (row) => (
      <span className={styles.stack}>
        <StatusBadge tone={TONES[row.status]}>{row.status}</StatusBadge>
        {row.reversal ? <span className={styles.muted}>{row.reversal.replace('_', ' ')}</span> : null}
      </span>
    ),
  },
  { key: 'member', header: 'Member', cell: (row) => row.member_id },
  {
    key: 'what',
    header: 'Bought',
    cell: (row) => (
      <span className={styles.stack}>
        <span>
          {row.kind === 'membership' ? `${row.plan_name ?? 'membership'} (${row.billing_period ?? ''})` : 'coins'}
        </span>
        <span className={styles.muted}>{row.coins} coins</span>
      </span>
    ),
  },
  { key: 'amount', header: 'Amount', nowrap: true, cell: (row) => money(row.amount_cents, row.currency) },
  {
    key: 'processor',
    header: 'Processor id',
    cell: (row) => (
      <span className={styles.stack}>
        <code className={styles.code}>{row.provider_ref}</code>
        <span className={styles.muted}>{row.provider}</span>
      </span>
    ),
  },
  {
    key: 'reversed',
    header: 'Taken back',
    cell: (row) =>
      row.reversal ? (
        <span className={styles.stack}>
          <span>{row.reversed_coins} coins</span>
          {row.shortfall_coins > 0 ? <span className={styles.warning}>{row.shortfall_coins} already spent</span> : null}
          {row.failure_reason ? <span className={styles.muted}>{row.failure_reason}</span> : null}
        </span>
      ) : (
        (row.failure_reason ?? '—')
      ),
  },
  { key: 'created', header: 'Created', nowrap: true, cell: (row) => formatConsoleTime(row.created_at) },
];

export function CardPaymentsTab({ notify, view }: { notify: Notify; view: 'all' | 'reversals' }) {
  const payments = useCardPayments(notify, view);
  return (
    <div className={styles.tab} data-testid={view === 'all' ? 'card-payments-tab' : 'reversals-tab'}>
      <FilterBar label="Payment filters" onSubmit={payments.applySearch}>
        {view === 'all' ? (
          <FilterField label="Status">
            <select
              value={payments.status}
              onChange={(event) => payments.setStatus(event.target.value as PaymentStatusFilter)}
            >
              <option value="">Any</option>
              {CARD_PAYMENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </select>
          </FilterField>
        ) : null}
        <FilterField label="Kind">
          <select value={payments.kind} onChange={(event) => payments.setKind(event.target.value as PaymentKindFilter)}>
            <option value="">Any</option>
            {CARD_PAYMENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kind}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField label="Member email">
          <input type="search" value={payments.search} onChange={(event) => payments.setSearch(event.target.value)} />
        </FilterField>
        <Button type="submit" size="sm" variant="secondary">
          Search
        </Button>
      </FilterBar>
      {payments.listError ? (
        <p role="alert" className={styles.error}>
          {payments.listError}
        </p>
      ) : null}
      <ConsoleTable
        caption={view === 'all' ? 'Card payments' : 'Refunds and disputes'}
        columns={COLUMNS}
        rows={payments.items}
        rowKey={(row) => row.id}
        loading={payments.isLoading}
        empty={view === 'all' ? 'No card payments.' : 'No refunds or disputes.'}
        onLoadMore={payments.loadMore ? () => void payments.loadMore?.() : undefined}
        loadingMore={payments.loadingMore}
      />
    </div>
  );
}
