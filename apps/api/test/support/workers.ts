// Integration files run on this many workers at once (vitest.config.ts). Each worker has its own copy
// of the migrated database and its own Redis (the global setup makes them), so that a file still has
// the tables, queues and pub/sub channels to itself, as when files ran one after another.
export const INTEGRATION_WORKERS = 2;

/** This worker's slot, 0-based: VITEST_POOL_ID runs from 1 to maxWorkers. */
export function workerSlot(): number {
  const id = Number(process.env.VITEST_POOL_ID ?? '1');
  return (Number.isInteger(id) && id > 0 ? id - 1 : 0) % INTEGRATION_WORKERS;
}

/** The database this worker's tests use (set by setup-env.ts). */
export function testDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run the integration tests through vitest --project integration');
  return url;
}

/** The Redis this worker's tests use (set by setup-env.ts). */
export function testRedisUrl(): string {
  const url = process.env.REDIS_URL;
  if (!url) throw new Error('REDIS_URL is not set: run the integration tests through vitest --project integration');
  return url;
}
