// Crypto deposits waiting for a person: underpaid (less than asked arrived by the expiry), overpaid
// (credited; refund the excess outside the product) and late. Credit grants the purchase once;
// Refuse closes it without coins. Both need a note, kept with the deposit and in the audit log.
import type { TDepositItem } from '@velvet/contracts/admin/deposits';
import { DEPOSIT_OUTCOMES } from '@velvet/contracts/payment/get-deposit';
import { AlreadyHandledNotice } from '../../../components/console/already-handled-notice.tsx';
import { ConsoleTable, type ConsoleColumn } from '../../../components/console/console-table.tsx';
import { FilterBar, FilterField } from '../../../components/console/filter-bar.tsx';
import { formatConsoleTime } from '../../../components/console/format.ts';
import { ReasonDialog } from '../../../components/console/reason-dialog.tsx';
import { StatusBadge } from '../../../components/console/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { Notify } from '../../../lib/notify.ts';
import { useConsoleDeposits, type ConsoleDepositsState, type OutcomeFilter } from '../hooks/use-console-deposits.ts';
import styles from './payments.module.css';

function columns(deposits: ConsoleDepositsState): ConsoleColumn<TDepositItem>[] {
  return [
    {
      key: 'outcome',
      header: 'Outcome',
      nowrap: true,
      cell: (row) => (
        <span className={styles.stack}>
          <StatusBadge tone={row.outcome === 'overpaid' ? 'info' : 'warning'}>{row.outcome ?? row.status}</StatusBadge>
          <span className={styles.muted}>{row.status}</span>
        </span>
      ),
    },
    { key: 'member', header: 'Member', cell: (row) => row.member_id },
    {
      key: 'amounts',
      header: 'Asked / received',
      cell: (row) => (
        <span className={styles.stack}>
          <span>
            {row.requested} / {row.received} {row.coin}
          </span>
          {row.excess ? (
            <span className={styles.muted}>
              excess {row.excess} {row.coin}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'buys',
      header: 'Buys',
      cell: (row) => (
        <span className={styles.stack}>
          <span>{row.service_title}</span>
          <span className={styles.muted}>
            {row.coins} coins · ${(row.usd_amount_cents / 100).toFixed(2)}
          </span>
        </span>
      ),
    },
    { key: 'created', header: 'Created', nowrap: true, cell: (row) => formatConsoleTime(row.created_at) },
    {
      key: 'actions',
      header: 'Actions',
      cell: (row) => (
        <span className={styles.actions}>
          {row.status !== 'credited' ? (
            <Button size="sm" onClick={() => deposits.start(row, 'credit')} disabled={deposits.busy}>
              Credit
            </Button>
          ) : null}
          <Button size="sm" variant="danger" onClick={() => deposits.start(row, 'refuse')} disabled={deposits.busy}>
            {row.status === 'credited' ? 'Close' : 'Refuse'}
          </Button>
        </span>
      ),
    },
  ];
}

export function DepositsTab({ notify }: { notify: Notify }) {
  const deposits = useConsoleDeposits(notify);
  const target = deposits.deciding;
  return (
    <div className={styles.tab} data-testid="deposits-tab">
      <FilterBar label="Deposit filters" onSubmit={deposits.applySearch}>
        <FilterField label="Outcome">
          <select
            value={deposits.outcome}
            onChange={(event) => deposits.setOutcome(event.target.value as OutcomeFilter)}
          >
            <option value="">Any</option>
            {DEPOSIT_OUTCOMES.map((outcome) => (
              <option key={outcome} value={outcome}>
                {outcome}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField label="Member email">
          <input type="search" value={deposits.search} onChange={(event) => deposits.setSearch(event.target.value)} />
        </FilterField>
        <Button type="submit" size="sm" variant="secondary">
          Search
        </Button>
      </FilterBar>
      <AlreadyHandledNotice message={deposits.handled} onDismiss={deposits.dismissHandled} />
      {deposits.listError ? (
        <p role="alert" className={styles.error}>
          {deposits.listError}
        </p>
      ) : null}
      <ConsoleTable
        caption="Crypto deposits needing a decision"
        columns={columns(deposits)}
        rows={deposits.items}
        rowKey={(row) => row.id}
        loading={deposits.isLoading}
        empty="No deposit is waiting for a decision."
        onLoadMore={deposits.loadMore ? () => void deposits.loadMore?.() : undefined}
        loadingMore={deposits.loadingMore}
        testId="deposits-list"
      />
      <ReasonDialog
        key={target ? `${target.deposit.id}:${target.action}` : 'none'}
        open={target !== null}
        title={target?.action === 'credit' ? 'Credit this deposit' : 'Refuse this deposit'}
        description={
          target ? (
            <p>
              {target.action === 'credit'
                ? `Grant ${target.deposit.service_title} (${target.deposit.coins} coins) to ${target.deposit.member_id} now, although ${target.deposit.received} of ${target.deposit.requested} ${target.deposit.coin} arrived. It is credited once, whoever clicks.`
                : `Nothing is credited to ${target.deposit.member_id}. Say how it was settled (refund transaction, abandoned...).`}
            </p>
          ) : null
        }
        confirmLabel={target?.action === 'credit' ? 'Credit deposit' : 'Refuse deposit'}
        danger={target?.action !== 'credit'}
        minLength={3}
        busy={deposits.busy}
        error={deposits.decideError}
        onConfirm={(note) => void deposits.confirm(note)}
        onClose={deposits.cancel}
        testId="deposit-note-dialog"
      />
    </div>
  );
}
