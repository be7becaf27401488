import type { Redis } from 'ioredis';
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { Chains } from '../../providers/chains/index.ts';
import type { NowPaymentsGateway } from '../../providers/payments/nowpayments/gateway.ts';
import type { PriceFeed } from '../../providers/rates/index.ts';

/**
 * What the deposit use cases share: the database, Redis, the chains on offer (or the hosted gateway)
 * and the price feed. The
 * composition root (bootstrap/create-services.ts) builds the chains and the feed once per process;
 * routes and the watcher job pass their services.
 */
export interface DepositDeps {
  db: Database;
  redis: Redis;
  config: AppConfig;
  chains: Chains;
  /** Set: deposits go through the hosted gateway instead of `chains` (services/deposits/gateway-deposit.ts). */
  cryptoGateway: NowPaymentsGateway | null;
  priceFeed: PriceFeed;
}
