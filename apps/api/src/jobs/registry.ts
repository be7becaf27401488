import { claimRefundHandler } from './claim-refund.handler.ts';
import { depositWatchBtcHandler, depositWatchEthHandler, depositWatchXrpHandler } from './deposit-watch.handler.ts';
import { expireMembershipsHandler } from './expire-memberships.handler.ts';
import { generationRunHandler } from './generation-run.handler.ts';
import { generationSweepHandler } from './generation-sweep.handler.ts';
import type { JobHandler } from './job-handler.ts';
import { purgeDeletedImagesHandler } from './purge-deleted-images.handler.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- payload types differ per job
export type AnyJobHandler = JobHandler<any>;

/**
 * Every job the worker runs, one handler per definition (`<name>.job.ts`). The only importer of the
 * handlers; registry.test.ts fails when a definition has no handler here, or two.
 */
export const JOB_HANDLERS: readonly AnyJobHandler[] = [
  generationRunHandler,
  generationSweepHandler,
  claimRefundHandler,
  purgeDeletedImagesHandler,
  expireMembershipsHandler,
  depositWatchBtcHandler,
  depositWatchEthHandler,
  depositWatchXrpHandler,
];

/** Name -> handler; fails at start-up on a duplicate name so two handlers can never race for one job. */
export function buildJobRegistry(handlers: readonly AnyJobHandler[] = JOB_HANDLERS): Map<string, AnyJobHandler> {
  const registry = new Map<string, AnyJobHandler>();
  for (const handler of handlers) {
    if (registry.has(handler.job.name)) throw new Error(`Job ${handler.job.name} is registered twice`);
    registry.set(handler.job.name, handler);
  }
  return registry;
}

export type JobRegistry = ReturnType<typeof buildJobRegistry>;
