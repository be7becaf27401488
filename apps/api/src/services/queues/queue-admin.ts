// The background queues for the support console (issue 15, "Queues"): counts per queue, failed jobs,
// and a retry of one failed job. Plain BullMQ calls (no Bull Board). A retry is audited; retrying a
// job that is no longer failed (retried already, or removed) is a 409.
import type {
  TConsoleQueue,
  TFailedJob,
  TListFailedJobsResponse,
  TListQueuesResponse,
} from '@velvet/contracts/admin/queues';
import { CONSOLE_QUEUE_LABELS, CONSOLE_QUEUES } from '@velvet/contracts/admin/queues';
import type { Job } from 'bullmq';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Queues } from '../../jobs/queues.ts';
import { recordAuditEntry, type ConsoleActor } from '../audit/record-audit-entry.ts';

type Deps = { queues: Queues };

const iso = (ms: number | undefined | null) => (ms ? new Date(ms).toISOString() : null);

export async function listQueueCounts(deps: Deps): Promise<TListQueuesResponse> {
  const queues = await Promise.all(
    CONSOLE_QUEUES.map(async (name) => {
      const c = await deps.queues[name].getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed');
      return {
        name,
        label: CONSOLE_QUEUE_LABELS[name],
        counts: {
          waiting: c.waiting ?? 0,
          active: c.active ?? 0,
          delayed: c.delayed ?? 0,
          failed: c.failed ?? 0,
          completed: c.completed ?? 0,
        },
      };
    }),
  );
  return { status: 'ok', queues };
}

function toFailedJob(queue: TConsoleQueue, job: Job): TFailedJob {
  return {
    id: job.id ?? '',
    queue,
    name: job.name,
    failed_reason: job.failedReason ?? '',
    attempts_made: job.attemptsMade,
    created_at: new Date(job.timestamp).toISOString(),
    processed_at: iso(job.processedOn),
    failed_at: iso(job.finishedOn),
  };
}

/** Failed jobs, latest failure first; the cursor is the position in BullMQ's failed list. */
export async function listFailedJobs(
  deps: Deps,
  queue: TConsoleQueue,
  query: { cursor?: number | undefined; limit: number },
): Promise<TListFailedJobsResponse> {
  const start = query.cursor ?? 0;
  // One more than the page: whether another page follows.
  const jobs = (await deps.queues[queue].getFailed(start, start + query.limit)).filter(Boolean);
  const items = jobs.slice(0, query.limit).map((job) => toFailedJob(queue, job));
  return { status: 'ok', items, next_cursor: jobs.length > query.limit ? String(start + query.limit) : null };
}

export async function retryFailedJob(
  deps: Deps & { db: Database },
  actor: ConsoleActor,
  queue: TConsoleQueue,
  jobId: string,
) {
  const job = await deps.queues[queue].getJob(jobId);
  if (!job) throw notFound('Job');
  const state = await job.getState();
  if (state !== 'failed') throw new AppError(409, `Already handled: this job is ${state} now, not failed.`);
  const before = { state, attempts_made: job.attemptsMade, failed_reason: job.failedReason ?? null };
  try {
    // BullMQ moves it back to waiting atomically, only from the failed set: of two retries, one wins.
    await job.retry('failed');
  } catch {
    throw new AppError(409, 'Already handled: this job was retried by someone else a moment ago.');
  }
  await recordAuditEntry(deps.db, {
    actor,
    action: 'job.retry',
    targetType: 'job',
    targetId: `${queue}:${jobId}`,
    before,
    after: { state: 'waiting', name: job.name },
  });
  return { status: 'ok' as const, queue, job_id: jobId };
}
