import type { CryptoCoin } from '@velvet/contracts/options';
import { z } from 'zod';
import type { AppConfig } from '../config/env.ts';
import { createChains } from '../providers/chains/select.ts';
import { depositDeps } from '../services/deposits/deps.ts';
import { watchDeposits } from '../services/deposits/watch-deposits.ts';
import { defineJob } from './job.ts';

/** Scheduled only where the coin is offered, every DEPOSIT_WATCH_INTERVAL_SECONDS. */
const intervalFor = (coin: CryptoCoin) => (config: AppConfig) =>
  createChains(config)[coin] ? config.DEPOSIT_WATCH_INTERVAL_SECONDS * 1000 : undefined;

/**
 * A coin's chain watcher: reads the chain for every watched deposit and moves each on (seen,
 * confirmed, credited, expired, outcomes). Idempotent and safe to run twice at once (row locks and the
 * ledger key): a restart or an overlapping run never credits twice.
 */
function depositWatchJob(coin: CryptoCoin) {
  return defineJob({
    name: `deposits.watch.${coin.toLowerCase()}.v1`,
    queue: 'deposits',
    payload: z.object({}).passthrough(),
    repeatEveryMs: intervalFor(coin),
    async handle(_payload, { services, log }) {
      const run = await watchDeposits(depositDeps(services), coin, log);
      const changed = Object.keys(run.changed).length;
      if (changed > 0) log.info({ coin, watched: run.watched, changed }, 'deposits moved on');
      // A chain that cannot be read fails the run, so it shows in the queue's failed jobs.
      if (run.chainError) throw new Error(`${coin} watcher: ${run.chainError}`);
    },
  });
}

export const depositWatchBtcJob = depositWatchJob('BTC');
export const depositWatchEthJob = depositWatchJob('ETH');
export const depositWatchXrpJob = depositWatchJob('XRP');
