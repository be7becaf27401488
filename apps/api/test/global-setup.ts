import type { TestProject } from 'vitest/node';
import { applyMigrations } from '../src/db/migrate.ts';
import { startLocalRedis } from '../src/local/redis.ts';
import { cloneDatabase, startTestDatabase } from './support/database.ts';
import { INTEGRATION_WORKERS } from './support/workers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One migrated database per worker (support/workers.ts), in one PostgreSQL. */
    databaseUrls: string[];
    /** One Redis per worker: queues and pub/sub channels are not shared between files running at once. */
    redisUrls: string[];
  }
}

/**
 * Integration tier: one real PostgreSQL (embedded, throwaway data folder), migrated once and copied
 * for each worker, and one real Redis per worker, for the whole run. TEST_DATABASE_URL /
 * TEST_REDIS_URL point at existing servers instead when set (the copies are then databases
 * `<name>_w1`... beside it, and the Redis logical databases 1, 2...).
 */
export default async function setup(project: TestProject) {
  const stops: Array<() => Promise<void>> = [];
  let databaseUrl: string;
  if (process.env.TEST_DATABASE_URL) databaseUrl = process.env.TEST_DATABASE_URL;
  else {
    const pg = await startTestDatabase();
    stops.push(pg.stop);
    databaseUrl = pg.url;
  }
  const redisUrls: string[] = [];
  for (let i = 1; i <= INTEGRATION_WORKERS; i += 1) {
    if (process.env.TEST_REDIS_URL) {
      const url = new URL(process.env.TEST_REDIS_URL);
      url.pathname = `/${i}`;
      redisUrls.push(url.toString());
    } else {
      const redis = await startLocalRedis();
      stops.push(redis.stop);
      redisUrls.push(redis.url);
    }
  }
  await applyMigrations(databaseUrl);
  const copies = await cloneDatabase(databaseUrl, INTEGRATION_WORKERS);
  if (process.env.TEST_DATABASE_URL) for (const copy of copies) stops.push(copy.drop);
  project.provide(
    'databaseUrls',
    copies.map((copy) => copy.url),
  );
  project.provide('redisUrls', redisUrls);
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
