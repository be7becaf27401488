import type { TestProject } from 'vitest/node';
import { applyMigrations } from '../src/db/migrate.ts';
import { startLocalRedis } from '../src/local/redis.ts';
import { startTestDatabase } from './support/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    redisUrl: string;
  }
}

/**
 * Integration tier: one real PostgreSQL (embedded, throwaway data folder) and one real Redis for the
 * whole run, migrated once. DATABASE_URL / REDIS_URL point at existing servers instead when set.
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
  let redisUrl: string;
  if (process.env.TEST_REDIS_URL) redisUrl = process.env.TEST_REDIS_URL;
  else {
    const redis = await startLocalRedis();
    stops.push(redis.stop);
    redisUrl = redis.url;
  }
  await applyMigrations(databaseUrl);
  project.provide('databaseUrl', databaseUrl);
  project.provide('redisUrl', redisUrl);
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
