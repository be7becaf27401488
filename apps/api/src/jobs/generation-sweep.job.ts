import { z } from 'zod';
import { defineJob } from './job.ts';

/** Every minute: settles generation runs nothing will finish any more (refunds their coins). */
export const generationSweepJob = defineJob({
  name: 'generation.sweep.v1',
  queue: 'generation',
  payload: z.object({}).passthrough(),
  repeatEveryMs: 60_000,
});
