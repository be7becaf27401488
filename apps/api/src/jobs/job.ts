import type { Logger } from 'pino';
import type { z } from 'zod';
import type { AppConfig } from '../config/env.ts';
import type { AppServices } from '../plugins/app/services.ts';
import type { QueueName } from './queues.ts';

export interface JobContext {
  services: AppServices;
  log: Logger;
  /** 1 on the first try; BullMQ retries with backoff up to the queue's attempts. */
  attempt: number;
  maxAttempts: number;
}

/** A job: versioned name, the queue it runs on, its payload schema, an idempotent handler. */
export interface JobDefinition<P = unknown> {
  name: string;
  queue: QueueName;
  payload: z.ZodType<P>;
  handle(payload: P, ctx: JobContext): Promise<void>;
  /**
   * Repeatable jobs: the worker keeps one schedule per job name (BullMQ job scheduler). A function
   * reads the interval from the config (undefined: not scheduled in this deployment).
   */
  repeatEveryMs?: number | ((config: AppConfig) => number | undefined);
  /** Called once when the last attempt failed (e.g. to refund). Must be idempotent too. */
  onFinalFailure?(payload: P, ctx: JobContext, error: Error): Promise<void>;
}

export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}
