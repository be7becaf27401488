// What the Queues screen does: counts per queue (read again every 15 s), the failed jobs of the queue
// picked, and Retry. A 409 (retried already, or no longer failed) shows the server's message.
import type { TConsoleQueue, TFailedJob } from '@velvet/contracts/admin/queues';
import { useState } from 'react';
import { apiFailureMessage, classifyApiError } from '../../../lib/api-error.ts';
import type { Notify } from '../../../lib/notify.ts';
import { useListFailedJobsQuery, useListQueuesQuery, useRetryJobMutation } from '../api.ts';

const FAILED = { refused: 'The request was refused.', exception: 'Something went wrong. Please try again.' };
const POLL_MS = 15_000;

export function useQueues(notify: Notify) {
  const [queue, setQueue] = useState<TConsoleQueue>('generation');
  const [cursor, setCursor] = useState<string | null>(null);
  const [handled, setHandled] = useState<string | null>(null);
  const counts = useListQueuesQuery(undefined, { pollingInterval: POLL_MS });
  const failed = useListFailedJobsQuery({ queue, ...(cursor ? { cursor } : {}) });
  const [retry, retrying] = useRetryJobMutation();

  return {
    queues: counts.data?.queues ?? [],
    countsLoading: counts.isLoading,
    countsError: counts.error ? apiFailureMessage(counts.error, FAILED) : null,
    queue,
    pick: (next: TConsoleQueue) => {
      setQueue(next);
      setCursor(null);
      setHandled(null);
    },
    failedJobs: failed.data?.items ?? [],
    failedLoading: failed.isFetching,
    nextPage: failed.data?.next_cursor ? () => setCursor(failed.data?.next_cursor ?? null) : undefined,
    firstPage: cursor ? () => setCursor(null) : undefined,
    handled,
    dismissHandled: () => setHandled(null),
    busy: retrying.isLoading,
    retry: async (job: TFailedJob) => {
      if (retrying.isLoading) return;
      try {
        await retry({ queue: job.queue, jobId: job.id }).unwrap();
        notify.success(`Job ${job.id} is queued again.`);
      } catch (error) {
        const failure = classifyApiError(error);
        if (failure.kind === 'refused' && failure.status === 409) setHandled(failure.message);
        else notify.error(apiFailureMessage(error, FAILED), { alert: true });
      }
      void counts.refetch();
      void failed.refetch();
    },
  };
}

export type QueuesState = ReturnType<typeof useQueues>;
