import { z } from 'zod';
import { ZRunId } from '@velvet/contracts/common';
import { defineJob } from './job.ts';

export const ZGenerationRunPayload = z.object({ runId: ZRunId });

/**
 * Draws the images of one generation run. Job id = run_id, so a run is queued at most once: a second
 * enqueue for the same run adds nothing.
 */
export const generationRunJob = defineJob({
  name: 'generation.run.v1',
  queue: 'generation',
  payload: ZGenerationRunPayload,
  jobId: ({ runId }) => runId,
});
