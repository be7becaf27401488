// One run of a coin's chain watcher (jobs/deposit-watch.handler.ts): read the chain for every deposit still
// watched and settle each. Safe to run again or twice at once: each deposit is settled under a row
// lock, and the grant is keyed in the ledger.
import type { CryptoCoin } from '@velvet/contracts/options';
import type { Logger } from 'pino';
import type { DepositObservation } from '../../providers/chains/index.ts';
import { findWatchedDeposits } from '../../repositories/deposit.repository.ts';
import type { DepositDeps } from './deps.ts';
import { settleDeposit, type SettleResult } from './settle-deposit.ts';

/** Deposits read per run; the rest wait for the next run (oldest expiry first). */
const BATCH = 500;

export interface WatchRun {
  coin: CryptoCoin;
  watched: number;
  /** Deposits whose status changed, by id. */
  changed: Record<string, SettleResult>;
  /** The chain could not be read (the run still expires unpaid deposits). */
  chainError: string | null;
}

export async function watchDeposits(
  deps: DepositDeps,
  coin: CryptoCoin,
  log: Logger,
  now = new Date(),
): Promise<WatchRun> {
  const run: WatchRun = { coin, watched: 0, changed: {}, chainError: null };
  const chain = deps.chains[coin];
  if (!chain) return run;
  const watchSince = new Date(now.getTime() - deps.config.DEPOSIT_LATE_WATCH_HOURS * 3_600_000);
  const deposits = await findWatchedDeposits(deps.db, coin, watchSince, BATCH);
  run.watched = deposits.length;
  if (deposits.length === 0) return run;

  let observations = new Map<string, DepositObservation>();
  if (chain.watcher) {
    try {
      observations = await chain.watcher.observe(
        deposits.map((d) => ({
          id: d.id,
          address: d.address,
          destinationTag: d.destinationTag,
          createdAt: d.createdAt,
          seenAt: d.seenAt,
        })),
        log,
      );
    } catch (err) {
      run.chainError = err instanceof Error ? err.message : String(err);
      log.warn({ err, coin, endpoint: chain.watcher.endpoint }, 'chain watcher could not read the chain');
    }
  }

  for (const deposit of deposits) {
    const observation = observations.get(deposit.id) ?? null;
    // A chain that could not be read says nothing: expiring then could turn an on-time payment
    // into a late one. Only where nothing watches the chain (demo keys) does the clock act alone.
    if (!observation && (chain.watcher || deposit.status !== 'pending')) continue;
    try {
      const result = await settleDeposit(deps, deposit.id, observation, log, now);
      if (result && result.from !== result.to) run.changed[deposit.id] = result;
    } catch (err) {
      log.error({ err, depositId: deposit.id }, 'could not settle a deposit');
    }
  }
  return run;
}
