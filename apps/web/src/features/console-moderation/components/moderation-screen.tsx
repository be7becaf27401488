// Moderation (issue 15, docs/support.md "Moderation"): reported images and pictures held by the
// safety checks in one queue, oldest first; a row opens the picture, prompt and member history side
// by side, with Approve, Remove, Mute member and Escalate (each confirmed).
import type { TModerationItem } from '@velvet/contracts/admin/moderation';
import { AlreadyHandledNotice } from '../../../components/console/already-handled-notice.tsx';
import { ConsoleTable, type ConsoleColumn } from '../../../components/console/console-table.tsx';
import { FilterBar, FilterField } from '../../../components/console/filter-bar.tsx';
import { formatConsoleTime } from '../../../components/console/format.ts';
import { StatusBadge } from '../../../components/console/status-badge.tsx';
import type { Notify } from '../../../lib/notify.ts';
import { useModeration, type KindFilter } from '../hooks/use-moderation.ts';
import { ModerationDecisionDialog } from './moderation-decision-dialog.tsx';
import { ModerationDetail } from './moderation-detail.tsx';
import styles from './moderation.module.css';

const COLUMNS: ConsoleColumn<TModerationItem>[] = [
  {
    key: 'kind',
    header: 'Why',
    nowrap: true,
    cell: (row) =>
      row.kind === 'report' ? (
        <StatusBadge tone="warning">
          {row.report_count} report{row.report_count === 1 ? '' : 's'}
        </StatusBadge>
      ) : (
        <StatusBadge tone="danger">held</StatusBadge>
      ),
  },
  {
    key: 'prompt',
    header: 'Prompt',
    cell: (row) => (
      <span className={styles.clip} title={row.prompt}>
        {row.prompt}
      </span>
    ),
  },
  {
    key: 'detail',
    header: 'Reasons',
    cell: (row) => (row.kind === 'report' ? row.reasons.join(', ') : `face about ${row.min_age}`),
  },
  { key: 'member', header: 'Member', cell: (row) => row.member_id },
  { key: 'since', header: 'Waiting since', nowrap: true, cell: (row) => formatConsoleTime(row.waiting_since) },
];

export function ModerationScreen({ notify }: { notify: Notify }) {
  const moderation = useModeration(notify);
  const selectedKey = moderation.selected ? `${moderation.selected.kind}:${moderation.selected.id}` : null;
  return (
    <div className={styles.screen} data-testid="console-moderation">
      <FilterBar label="Moderation filters">
        <FilterField label="Show">
          <select value={moderation.kind} onChange={(event) => moderation.setKind(event.target.value as KindFilter)}>
            <option value="all">Reports and holds</option>
            <option value="report">Reported images</option>
            <option value="hold">Held pictures</option>
          </select>
        </FilterField>
      </FilterBar>
      <AlreadyHandledNotice message={moderation.handled} onDismiss={moderation.dismissHandled} />
      {moderation.listError ? (
        <p role="alert" className={styles.error}>
          {moderation.listError}
        </p>
      ) : null}
      <div className={moderation.selected ? styles.withDetail : undefined}>
        <ConsoleTable
          caption="Moderation queue"
          columns={COLUMNS}
          rows={moderation.items}
          rowKey={(row) => `${row.kind}:${row.id}`}
          selectedKey={selectedKey}
          onRowClick={moderation.select}
          loading={moderation.isLoading}
          empty="Nothing is waiting for a decision."
          onLoadMore={moderation.loadMore ? () => void moderation.loadMore?.() : undefined}
          loadingMore={moderation.loadingMore}
          testId="moderation-list"
        />
        {moderation.selected ? <ModerationDetail moderation={moderation} /> : null}
      </div>
      <ModerationDecisionDialog
        key={moderation.confirming ?? 'none'}
        decision={moderation.confirming}
        kind={moderation.selected?.kind ?? 'report'}
        busy={moderation.busy}
        onConfirm={(note) => void moderation.confirm(note)}
        onClose={moderation.cancel}
      />
    </div>
  );
}
