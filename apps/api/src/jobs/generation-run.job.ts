import { z } from 'zod';
import { ZRunId } from '@velvet/contracts/common';
import { MODELS, STYLES } from '@velvet/contracts/options';
import { defineJob } from './job.ts';

/**
 * What a run's pictures are drawn from, as the make call committed it: the worker starts drawing from
 * this copy while it reads the run, and draws again from the run's row should the two differ.
 */
export const ZRunDrawing = z.object({
  prompt: z.string(),
  model: z.enum(MODELS),
  style: z.enum(STYLES),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  strength: z.number(),
  count: z.number().int().positive(),
  upscale4k: z.boolean(),
});
export type RunDrawing = z.infer<typeof ZRunDrawing>;

export const ZGenerationRunPayload = z.object({ runId: ZRunId, drawing: ZRunDrawing.optional() });

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
