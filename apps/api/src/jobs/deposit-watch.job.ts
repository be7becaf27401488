import type { CryptoCoin } from '@velvet/contracts/options';
import { z } from 'zod';
import { defineJob } from './job.ts';

/**
 * A coin's chain watcher: reads the chain for every watched deposit and moves each on (seen,
 * confirmed, credited, expired, outcomes). Scheduled only where the coin is offered, every
 * DEPOSIT_WATCH_INTERVAL_SECONDS.
 */
function depositWatchJob(coin: CryptoCoin) {
  return defineJob({
    name: `deposits.watch.${coin.toLowerCase()}.v1`,
    queue: 'deposits',
    payload: z.object({}).passthrough(),
    repeatEveryMs: ({ config, chains }) => (chains[coin] ? config.DEPOSIT_WATCH_INTERVAL_SECONDS * 1000 : undefined),
  });
}

export const depositWatchBtcJob = depositWatchJob('BTC');
export const depositWatchEthJob = depositWatchJob('ETH');
export const depositWatchXrpJob = depositWatchJob('XRP');
