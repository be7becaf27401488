// A member's ledger history, newest first, 20 entries a page.
import type { TConsoleLedgerRow } from '@velvet/contracts/admin/members';
import { ConsoleTable, type ConsoleColumn } from '../../../components/console/console-table.tsx';
import { formatConsoleTime } from '../../../components/console/format.ts';
import { useListMemberLedgerInfiniteQuery } from '../api.ts';
import styles from './members.module.css';

const COLUMNS: readonly ConsoleColumn<TConsoleLedgerRow>[] = [
  { key: 'when', header: 'When', cell: (row) => formatConsoleTime(row.created_at), nowrap: true },
  {
    key: 'delta',
    header: 'Change',
    cell: (row) => (
      <span className={row.delta > 0 ? styles.credit : styles.debit}>
        {row.delta > 0 ? `+${row.delta}` : row.delta}
      </span>
    ),
    nowrap: true,
  },
  { key: 'after', header: 'Balance', cell: (row) => row.balance_after, nowrap: true },
  { key: 'reason', header: 'Reason', cell: (row) => row.reason },
  {
    key: 'reference',
    header: 'Reference',
    cell: (row) => <span className={styles.reference}>{row.reference ?? '—'}</span>,
  },
];

export function MemberLedger({ memberId }: { memberId: string }) {
  const ledger = useListMemberLedgerInfiniteQuery(memberId);
  const rows = ledger.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="ledger-heading" className={styles.section}>
      <h3 id="ledger-heading" className={styles.sectionTitle}>
        Ledger history
      </h3>
      <ConsoleTable
        caption="Ledger history"
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.id}
        loading={ledger.isLoading}
        empty="No coin movements yet."
        onLoadMore={ledger.hasNextPage ? () => void ledger.fetchNextPage() : undefined}
        loadingMore={ledger.isFetchingNextPage}
        testId="ledger-table"
      />
    </section>
  );
}
