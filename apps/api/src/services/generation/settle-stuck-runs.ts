import type { Logger } from 'pino';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { Queues } from '../../jobs/queues.ts';
import { findProcessingRunsBefore } from '../../repositories/generation.repository.ts';
import { failGenerationRun } from './run-generation.ts';

const STILL_WORKING = new Set(['active', 'waiting', 'delayed', 'prioritized', 'waiting-children']);

/**
 * The safety net behind the generation job: a run still processing after GENERATION_TIMEOUT_MINUTES
 * whose job is gone (Redis lost it), failed without its hook (a worker died too often), or is done,
 * is settled: unfinished images fail and their coins go back. A run whose job is still queued or
 * running gets four times as long before it is given up.
 */
export async function settleStuckRuns(
  services: { db: Database; redis: Redis; queues: Queues; config: AppConfig },
  log: Logger,
  now = new Date(),
): Promise<string[]> {
  const timeoutMs = services.config.GENERATION_TIMEOUT_MINUTES * 60_000;
  const runs = await findProcessingRunsBefore(services.db, new Date(now.getTime() - timeoutMs), 200);
  const settled: string[] = [];
  for (const run of runs) {
    const job = await services.queues.generation.getJob(run.runId);
    const state = job ? await job.getState() : 'missing';
    const age = now.getTime() - run.createdAt.getTime();
    if (STILL_WORKING.has(state) && age < 4 * timeoutMs) continue;
    const failed = await failGenerationRun(services, run.runId);
    if (failed.length > 0) {
      log.warn({ runId: run.runId, jobState: state, images: failed.length }, 'settled a stuck generation run');
      settled.push(run.runId);
    }
  }
  return settled;
}
