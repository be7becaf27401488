import type { JobsOptions } from 'bullmq';
import { z } from 'zod';
import { ZRunId } from '@velvet/contracts/common';
import { failGenerationRun, runGeneration } from '../services/generation/run-generation.ts';
import { defineJob } from './job.ts';
import type { Queues } from './queues.ts';

export const ZGenerationRunPayload = z.object({ runId: ZRunId });

/** Draws the images of one generation run. Job id = run_id, so a run is queued at most once. */
export const generationRunJob = defineJob({
  name: 'generation.run.v1',
  queue: 'generation',
  payload: ZGenerationRunPayload,
  async handle({ runId }, { services, log }) {
    await runGeneration(services, runId, log);
  },
  async onFinalFailure({ runId }, { services, log }, error) {
    log.error({ runId, err: error }, 'generation failed for good');
    await failGenerationRun(services, runId);
  },
});

/** Queues a run once: the job id is the run id, so a second call for the same run adds nothing. */
export async function enqueueGenerationRun(
  queues: Queues,
  runId: string,
  options: Pick<JobsOptions, 'attempts' | 'backoff'> = {},
): Promise<void> {
  await queues.generation.add(generationRunJob.name, { runId }, { jobId: runId, ...options });
}
