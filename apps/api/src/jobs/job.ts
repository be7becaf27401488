import type { JobsOptions } from 'bullmq';
import type { z } from 'zod';
import type { AppConfig } from '../config/env.ts';
import type { Chains } from '../providers/chains/index.ts';
import type { QueueName, Queues } from './queues.ts';

/** What a repeatable job's schedule may depend on: the config and the chains on offer. */
export interface ScheduleContext {
  config: AppConfig;
  chains: Chains;
}

/**
 * A job as services see it: versioned name, the queue it runs on, its payload schema, and how to queue
 * it. Its handler lives in `<name>.handler.ts`, which only the worker's registry (registry.ts) imports.
 */
export interface JobDefinition<P = unknown> {
  name: string;
  queue: QueueName;
  payload: z.ZodType<P>;
  /**
   * Repeatable jobs: the worker keeps one schedule per job name (BullMQ job scheduler). A function
   * reads the interval from the process's services (undefined: not scheduled in this deployment).
   */
  repeatEveryMs?: number | ((ctx: ScheduleContext) => number | undefined);
  /** Queues one job; the job id (if the definition derives one from the payload) cannot be overridden. */
  enqueue(queues: Queues, payload: P, options?: Omit<JobsOptions, 'jobId'>): Promise<void>;
}

export interface JobSpec<P> extends Omit<JobDefinition<P>, 'enqueue'> {
  /** A job id from the payload, so the same work is queued at most once (BullMQ ignores a repeated id). */
  jobId?(payload: P): string;
}

export function defineJob<P>({ jobId, ...spec }: JobSpec<P>): JobDefinition<P> {
  return {
    ...spec,
    async enqueue(queues, payload, options = {}) {
      await queues[spec.queue].add(spec.name, payload, { ...(jobId ? { jobId: jobId(payload) } : {}), ...options });
    },
  };
}
