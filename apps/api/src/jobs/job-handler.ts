import type { Logger } from 'pino';
import type { AppServices } from '../bootstrap/app-services.ts';
import type { JobDefinition } from './job.ts';

export interface JobContext {
  services: AppServices;
  log: Logger;
  /** 1 on the first try; BullMQ retries with backoff up to the queue's attempts. */
  attempt: number;
  maxAttempts: number;
}

/** What the worker runs for one job definition: an idempotent handler (it may run twice). */
export interface JobHandler<P = unknown> {
  job: JobDefinition<P>;
  handle(payload: P, ctx: JobContext): Promise<void>;
  /** Called once when the last attempt failed (e.g. to refund). Must be idempotent too. */
  onFinalFailure?(payload: P, ctx: JobContext, error: Error): Promise<void>;
}

export function defineJobHandler<P>(job: JobDefinition<P>, handler: Omit<JobHandler<P>, 'job'>): JobHandler<P> {
  return { job, ...handler };
}
