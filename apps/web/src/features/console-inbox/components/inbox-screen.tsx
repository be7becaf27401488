// The Inbox (issue 15, docs/support.md "Inbox"): support requests by status, oldest first, each with
// the countdown to the 24-hour promise; the open request beside the list (under it on a phone).
import { INBOX_STATUSES, type TInboxItem } from '@velvet/contracts/admin/inbox';
import { SUPPORT_OPTIONS, type SupportOption } from '@velvet/contracts/options';
import { useState } from 'react';
import { ConsoleTable, type ConsoleColumn } from '../../../components/console/console-table.tsx';
import { Countdown } from '../../../components/console/countdown.tsx';
import { FilterBar, FilterField } from '../../../components/console/filter-bar.tsx';
import { formatConsoleTime } from '../../../components/console/format.ts';
import { StatusBadge } from '../../../components/console/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { Notify } from '../../../lib/notify.ts';
import { useInbox } from '../hooks/use-inbox.ts';
import { INBOX_STATUS_LABELS, optionLabel } from '../inbox-labels.ts';
import { InboxDetail } from './inbox-detail.tsx';
import styles from './inbox.module.css';

const STATUS_LABELS = INBOX_STATUS_LABELS;

// Three columns so the list stays readable beside the open request: the promise first (what support
// works by), then who and what.
const columns: ConsoleColumn<TInboxItem>[] = [
  {
    key: 'promise',
    header: '24-hour promise',
    nowrap: true,
    cell: (row) => (
      <span className={styles.stack}>
        {row.status === 'new' ? (
          <Countdown until={row.due_at} />
        ) : (
          <StatusBadge tone={row.status === 'answered' ? 'success' : 'neutral'}>
            {STATUS_LABELS[row.status]}
          </StatusBadge>
        )}
        <span className={styles.muted}>{formatConsoleTime(row.created_at)}</span>
        {row.reply_count > 0 ? (
          <span className={styles.muted}>
            {row.reply_count} {row.reply_count === 1 ? 'reply' : 'replies'}
          </span>
        ) : null}
      </span>
    ),
  },
  {
    key: 'member',
    header: 'Member',
    cell: (row) => (
      <span className={styles.stack}>
        <span className={styles.email}>{row.member_id ?? '(deleted account)'}</span>
        <span className={styles.muted}>{optionLabel(row.option)}</span>
      </span>
    ),
  },
  {
    key: 'request',
    header: 'Request',
    cell: (row) => (
      <span className={styles.clip} title={row.contents}>
        {row.contents}
      </span>
    ),
  },
];

export function InboxScreen({ notify }: { notify: Notify }) {
  const inbox = useInbox(notify);
  const [search, setSearch] = useState(inbox.filters.q);
  return (
    <div className={styles.screen} data-testid="console-inbox">
      <div className={styles.listPane}>
        <div className={styles.tabs} role="group" aria-label="Status">
          {INBOX_STATUSES.map((status) => (
            <Button
              key={status}
              size="sm"
              variant={inbox.filters.status === status ? 'primary' : 'secondary'}
              aria-pressed={inbox.filters.status === status}
              onClick={() => inbox.setFilters({ status })}
            >
              {STATUS_LABELS[status]}
            </Button>
          ))}
        </div>
        <FilterBar label="Inbox filters" onSubmit={() => inbox.setFilters({ q: search })}>
          <FilterField label="Option">
            <select
              value={inbox.filters.option}
              onChange={(event) => inbox.setFilters({ option: event.target.value as SupportOption | '' })}
            >
              <option value="">All options</option>
              {SUPPORT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </FilterField>
          <FilterField label="Search">
            <input
              type="search"
              value={search}
              placeholder="Words or member email"
              maxLength={200}
              onChange={(event) => setSearch(event.target.value)}
            />
          </FilterField>
          <Button type="submit" size="sm" variant="secondary">
            Search
          </Button>
        </FilterBar>
        {inbox.listError ? (
          <p role="alert" className={styles.error}>
            {inbox.listError}
          </p>
        ) : null}
        <ConsoleTable
          caption={`${STATUS_LABELS[inbox.filters.status]} support requests, oldest first`}
          columns={columns}
          rows={inbox.items}
          rowKey={(row) => row.id}
          loading={inbox.isLoading}
          empty="No requests here."
          onLoadMore={inbox.loadMore ? () => void inbox.loadMore?.() : undefined}
          loadingMore={inbox.loadingMore}
          onRowClick={(row) => inbox.select(row.id)}
          selectedKey={inbox.selectedId}
          testId="inbox-list"
        />
      </div>
      <div className={styles.detailPane}>
        {inbox.selectedId ? (
          <InboxDetail inbox={inbox} />
        ) : (
          <p className={styles.muted}>Choose a request to read it, see the member and reply.</p>
        )}
      </div>
    </div>
  );
}
