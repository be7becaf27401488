// The background queues for the support console (issue 15; support or admin bearer):
// - GET  /api/admin/queues                                  counts per queue
// - GET  /api/admin/queues/:queue/failed?cursor=&limit=     failed jobs, latest failure first
// - POST /api/admin/queues/:queue/jobs/:job_id/retry        run a failed job again (409 when not failed)
import { z } from 'zod';
import { zNonBlank, zOneOf, zQuery, zQueryPage } from '../common.ts';
import { CONSOLE_PAGE_DEFAULT, CONSOLE_PAGE_MAX, zConsolePage } from './paging.ts';

/** The BullMQ queues (the API's QUEUE_NAMES): generation runs, claims refunds + image housekeeping, deposits. */
export const CONSOLE_QUEUES = ['generation', 'images', 'deposits'] as const;
export type TConsoleQueue = (typeof CONSOLE_QUEUES)[number];
export const CONSOLE_QUEUE_LABELS: Record<TConsoleQueue, string> = {
  generation: 'Generation',
  images: 'Claims and image housekeeping',
  deposits: 'Crypto deposits',
};

export const ZQueueCounts = z.object({
  waiting: z.number().int().nonnegative(),
  active: z.number().int().nonnegative(),
  delayed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
});
export type TQueueCounts = z.infer<typeof ZQueueCounts>;

export const ZListQueuesResponse = z.object({
  status: z.literal('ok'),
  queues: z.array(z.object({ name: z.enum(CONSOLE_QUEUES), label: z.string(), counts: ZQueueCounts })),
});
export type TListQueuesResponse = z.infer<typeof ZListQueuesResponse>;

export const ZQueueParams = z.object({ queue: zOneOf('queue', CONSOLE_QUEUES) });

export const ZListFailedJobsRequest = z.object({
  /** The `next_cursor` of the previous page (failed jobs are a list BullMQ keeps by failure time). */
  cursor: zQuery(
    z.coerce
      .number({ error: 'cursor must be the next_cursor of a previous page' })
      .int({ error: 'cursor must be the next_cursor of a previous page' })
      .min(0, { error: 'cursor must be the next_cursor of a previous page' })
      .optional(),
  ),
  limit: zQueryPage('limit', CONSOLE_PAGE_MAX, CONSOLE_PAGE_DEFAULT),
});
export type TListFailedJobsRequest = z.input<typeof ZListFailedJobsRequest>;

export const ZFailedJob = z.object({
  id: z.string(),
  queue: z.enum(CONSOLE_QUEUES),
  /** The job's versioned name ('generation.run.v1' ...). */
  name: z.string(),
  failed_reason: z.string(),
  attempts_made: z.number().int().nonnegative(),
  created_at: z.string(),
  processed_at: z.string().nullable(),
  failed_at: z.string().nullable(),
});
export type TFailedJob = z.infer<typeof ZFailedJob>;

export const ZListFailedJobsResponse = zConsolePage(ZFailedJob);
export type TListFailedJobsResponse = z.infer<typeof ZListFailedJobsResponse>;

export const ZRetryJobParams = ZQueueParams.extend({ job_id: zNonBlank('job_id', 200) });
export const ZRetryJobResponse = z.object({
  status: z.literal('ok'),
  queue: z.enum(CONSOLE_QUEUES),
  job_id: z.string(),
});
export type TRetryJobResponse = z.infer<typeof ZRetryJobResponse>;
