// Queues (issue 15, docs/support.md "Queues"): the background queues (generation, claims and image
// housekeeping, crypto deposits) with their job counts, the failed jobs of one queue, and Retry.
import type { TConsoleQueue, TFailedJob } from '@velvet/contracts/admin/queues';
import { AlreadyHandledNotice } from '../../../components/console/already-handled-notice.tsx';
import { ConsoleTable, type ConsoleColumn } from '../../../components/console/console-table.tsx';
import { formatConsoleTime } from '../../../components/console/format.ts';
import { Button } from '../../../components/ui/button.tsx';
import type { Notify } from '../../../lib/notify.ts';
import { useQueues, type QueuesState } from '../hooks/use-queues.ts';
import styles from './queues.module.css';

const COUNT_NAMES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

function columns(queues: QueuesState): ConsoleColumn<TFailedJob>[] {
  return [
    {
      key: 'name',
      header: 'Job',
      cell: (row) => (
        <span className={styles.stack}>
          <span>{row.name}</span>
          <code className={styles.muted}>{row.id}</code>
        </span>
      ),
    },
    {
      key: 'reason',
      header: 'Failed because',
      cell: (row) => <span className={styles.reason}>{row.failed_reason || '—'}</span>,
    },
    { key: 'attempts', header: 'Attempts', nowrap: true, cell: (row) => row.attempts_made },
    {
      key: 'failed',
      header: 'Failed at',
      nowrap: true,
      cell: (row) => formatConsoleTime(row.failed_at ?? row.created_at),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (row) => (
        <Button size="sm" onClick={() => void queues.retry(row)} disabled={queues.busy}>
          Retry
        </Button>
      ),
    },
  ];
}

export function QueuesScreen({ notify }: { notify: Notify }) {
  const queues = useQueues(notify);
  return (
    <div className={styles.screen} data-testid="console-queues">
      {queues.countsError ? (
        <p role="alert" className={styles.error}>
          {queues.countsError}
        </p>
      ) : null}
      <div className={styles.cards}>
        {queues.queues.map((q) => (
          <section
            key={q.name}
            className={q.name === queues.queue ? `${styles.card} ${styles.picked}` : styles.card}
            aria-label={`${q.label} queue`}
            data-testid={`queue-${q.name}`}
          >
            <h2>{q.label}</h2>
            <dl className={styles.counts}>
              {COUNT_NAMES.map((name) => (
                <div key={name} className={name === 'failed' && q.counts.failed > 0 ? styles.bad : undefined}>
                  <dt>{name}</dt>
                  <dd data-testid={`queue-${q.name}-${name}`}>{q.counts[name]}</dd>
                </div>
              ))}
            </dl>
            <Button
              size="sm"
              variant={q.name === queues.queue ? 'primary' : 'secondary'}
              onClick={() => queues.pick(q.name as TConsoleQueue)}
              aria-pressed={q.name === queues.queue}
            >
              Failed jobs
            </Button>
          </section>
        ))}
      </div>
      <h2 className={styles.heading}>
        Failed jobs: {queues.queues.find((q) => q.name === queues.queue)?.label ?? queues.queue}
      </h2>
      <AlreadyHandledNotice message={queues.handled} onDismiss={queues.dismissHandled} />
      <ConsoleTable
        caption="Failed jobs"
        columns={columns(queues)}
        rows={queues.failedJobs}
        rowKey={(row) => row.id}
        loading={queues.failedLoading}
        empty="No failed jobs in this queue."
        testId="failed-jobs"
      />
      <div className={styles.pager}>
        {queues.firstPage ? (
          <Button size="sm" variant="ghost" onClick={queues.firstPage}>
            First page
          </Button>
        ) : null}
        {queues.nextPage ? (
          <Button size="sm" variant="secondary" onClick={queues.nextPage}>
            Next page
          </Button>
        ) : null}
      </div>
    </div>
  );
}
