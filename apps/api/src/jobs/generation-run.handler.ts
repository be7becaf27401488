import { failGenerationRun, runGeneration } from '../services/generation/run-generation.ts';
import { generationRunJob } from './generation-run.job.ts';
import { defineJobHandler } from './job-handler.ts';

export const generationRunHandler = defineJobHandler(generationRunJob, {
  async handle({ runId, drawing }, { services, log }) {
    await runGeneration(services, runId, log, drawing);
  },
  async onFinalFailure({ runId }, { services, log }, error) {
    log.error({ runId, err: error }, 'generation failed for good');
    await failGenerationRun(services, runId);
  },
});
