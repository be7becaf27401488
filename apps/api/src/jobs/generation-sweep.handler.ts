import { settleStuckRuns } from '../services/generation/settle-stuck-runs.ts';
import { generationSweepJob } from './generation-sweep.job.ts';
import { defineJobHandler } from './job-handler.ts';

export const generationSweepHandler = defineJobHandler(generationSweepJob, {
  async handle(_payload, { services, log }) {
    await settleStuckRuns(services, log);
  },
});
