import type { CryptoCoin } from '@velvet/contracts/options';
import { watchDeposits } from '../services/deposits/watch-deposits.ts';
import { depositWatchBtcJob, depositWatchEthJob, depositWatchXrpJob } from './deposit-watch.job.ts';
import { defineJobHandler } from './job-handler.ts';

/**
 * Idempotent and safe to run twice at once (row locks and the ledger key): a restart or an overlapping
 * run never credits twice.
 */
function depositWatchHandler(coin: CryptoCoin, job: typeof depositWatchBtcJob) {
  return defineJobHandler(job, {
    async handle(_payload, { services, log }) {
      const run = await watchDeposits(services, coin, log);
      const changed = Object.keys(run.changed).length;
      if (changed > 0) log.info({ coin, watched: run.watched, changed }, 'deposits moved on');
      // A chain that cannot be read fails the run, so it shows in the queue's failed jobs.
      if (run.chainError) throw new Error(`${coin} watcher: ${run.chainError}`);
    },
  });
}

export const depositWatchBtcHandler = depositWatchHandler('BTC', depositWatchBtcJob);
export const depositWatchEthHandler = depositWatchHandler('ETH', depositWatchEthJob);
export const depositWatchXrpHandler = depositWatchHandler('XRP', depositWatchXrpJob);
