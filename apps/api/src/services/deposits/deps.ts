import type { Redis } from 'ioredis';
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { createChains, type Chains } from '../../providers/chains/select.ts';
import type { PriceFeed } from '../../providers/rates/index.ts';
import { createPriceFeed } from '../../providers/rates/select.ts';

/** What the deposit use cases share: the database, Redis, the chains on offer and the price feed. */
export interface DepositDeps {
  db: Database;
  redis: Redis;
  config: AppConfig;
  chains: Chains;
  feed: PriceFeed;
}

type ServicesLike = { db: Database; redis: Redis; config: AppConfig };
const built = new WeakMap<ServicesLike, DepositDeps>();

/**
 * Built once per process from the config (the API at start-up, the worker per job run), so a bad key
 * or a demo setting in production stops start-up with the variable's name. Chains and feeds are
 * plain objects over HTTP; nothing is opened.
 */
export function depositDeps(services: ServicesLike): DepositDeps {
  let deps = built.get(services);
  if (!deps) {
    deps = {
      db: services.db,
      redis: services.redis,
      config: services.config,
      chains: createChains(services.config),
      feed: createPriceFeed(services.config),
    };
    built.set(services, deps);
  }
  return deps;
}
