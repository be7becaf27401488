import { claimRefundJob } from './claim-refund.job.ts';
import { depositWatchBtcJob, depositWatchEthJob, depositWatchXrpJob } from './deposit-watch.job.ts';
import { expireMembershipsJob } from './expire-memberships.job.ts';
import { generationRunJob } from './generation-run.job.ts';
import { generationSweepJob } from './generation-sweep.job.ts';
import { purgeDeletedImagesJob } from './purge-deleted-images.job.ts';
import type { JobDefinition } from './job.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- payload types differ per job
type AnyJob = JobDefinition<any>;

/** Every job the worker runs. */
export const ALL_JOBS: readonly AnyJob[] = [
  generationRunJob,
  generationSweepJob,
  claimRefundJob,
  purgeDeletedImagesJob,
  expireMembershipsJob,
  depositWatchBtcJob,
  depositWatchEthJob,
  depositWatchXrpJob,
];

/** Name -> job; fails at start-up on a duplicate name so two handlers can never race for one job. */
export function buildJobRegistry(jobs: readonly AnyJob[] = ALL_JOBS): Map<string, AnyJob> {
  const registry = new Map<string, AnyJob>();
  for (const job of jobs) {
    if (registry.has(job.name)) throw new Error(`Job ${job.name} is registered twice`);
    registry.set(job.name, job);
  }
  return registry;
}

export type JobRegistry = ReturnType<typeof buildJobRegistry>;
