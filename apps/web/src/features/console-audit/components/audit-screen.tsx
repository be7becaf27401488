// The console's Audit log (issue 15, docs/support.md "Audit log"): every console action, newest
// first, read-only. Filters: who, what, which target, from / to dates; they live in the URL.
import { AUDIT_TARGET_TYPES, type TAuditEntry } from '@velvet/contracts/admin/audit';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConsoleTable, type ConsoleColumn } from '../../../components/console/console-table.tsx';
import { FilterBar, FilterField } from '../../../components/console/filter-bar.tsx';
import { formatConsoleTime } from '../../../components/console/format.ts';
import { StatusBadge } from '../../../components/console/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { apiFailureMessage } from '../../../lib/api-error.ts';
import { useListAuditLogInfiniteQuery, type AuditFilters } from '../api.ts';
import { auditDiff } from '../diff.ts';
import styles from './audit.module.css';

const FILTER_KEYS = ['actor', 'action', 'target_type', 'target_id', 'from', 'to'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

/** An ISO instant reads as a local time; anything else as written. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const readable = (value: string) => (ISO_TIME.test(value) ? formatConsoleTime(value) : value);

function AuditChanges({ entry }: { entry: TAuditEntry }) {
  const lines = auditDiff(entry.before, entry.after);
  if (lines.length === 0) return <span className={styles.muted}>—</span>;
  return (
    <dl className={styles.diff}>
      {lines.map((line) => (
        <div key={line.field} className={styles.diffLine}>
          <dt>{line.field}</dt>
          <dd>
            <span className={styles.old}>{readable(line.before)}</span> →{' '}
            <span className={styles.new}>{readable(line.after)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

const COLUMNS: readonly ConsoleColumn<TAuditEntry>[] = [
  { key: 'when', header: 'When', cell: (entry) => formatConsoleTime(entry.created_at) },
  {
    key: 'who',
    header: 'Who',
    cell: (entry) => (
      <span className={styles.who}>
        {entry.actor_id}{' '}
        <StatusBadge tone={entry.actor_role === 'admin' ? 'info' : 'neutral'}>{entry.actor_role}</StatusBadge>
      </span>
    ),
  },
  { key: 'what', header: 'What', cell: (entry) => <code className={styles.action}>{entry.action}</code>, nowrap: true },
  {
    key: 'target',
    header: 'Target',
    cell: (entry) => (
      <span className={styles.target}>
        {entry.target_type} · {entry.target_id}
      </span>
    ),
  },
  { key: 'changes', header: 'Before → after', cell: (entry) => <AuditChanges entry={entry} /> },
  { key: 'note', header: 'Note', cell: (entry) => entry.note ?? '—' },
];

export function AuditScreen() {
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) (filters as Record<FilterKey, string>)[key] = value;
  }
  const [draft, setDraft] = useState<Record<FilterKey, string>>(
    () => Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? ''])) as Record<FilterKey, string>,
  );
  const log = useListAuditLogInfiniteQuery(filters);
  const rows = log.data?.pages.flatMap((page) => page.items) ?? [];

  const apply = () => {
    const next = new URLSearchParams();
    for (const key of FILTER_KEYS) if (draft[key].trim()) next.set(key, draft[key].trim());
    setParams(next);
  };
  const field = (key: FilterKey) => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value })),
  });

  return (
    <div className={styles.screen}>
      <h2 className={styles.title}>Audit log</h2>
      <p className={styles.muted}>Every console action: who did what, when, and what it changed. Read-only.</p>
      <FilterBar label="Audit log filters" onSubmit={apply}>
        <FilterField label="Who (email)">
          <input type="search" {...field('actor')} maxLength={320} />
        </FilterField>
        <FilterField label="Action">
          <input type="search" {...field('action')} placeholder="member.adjust_coins" maxLength={64} />
        </FilterField>
        <FilterField label="Target type">
          <select {...field('target_type')}>
            <option value="">Any</option>
            {AUDIT_TARGET_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField label="Target id">
          <input type="search" {...field('target_id')} maxLength={320} />
        </FilterField>
        <FilterField label="From">
          <input type="date" {...field('from')} />
        </FilterField>
        <FilterField label="To">
          <input type="date" {...field('to')} />
        </FilterField>
        <Button type="submit" size="sm">
          Apply
        </Button>
      </FilterBar>
      {log.error ? (
        <p role="alert" className={styles.error}>
          {apiFailureMessage(log.error, {
            refused: 'These filters are not valid.',
            exception: 'Could not load the log.',
          })}
        </p>
      ) : null}
      <ConsoleTable
        caption="Audit log"
        columns={COLUMNS}
        rows={rows}
        rowKey={(entry) => entry.id}
        loading={log.isLoading}
        empty="No console action matches."
        onLoadMore={log.hasNextPage ? () => void log.fetchNextPage() : undefined}
        loadingMore={log.isFetchingNextPage}
        testId="audit-table"
      />
    </div>
  );
}
