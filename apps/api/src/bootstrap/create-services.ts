import { Redis } from 'ioredis';
import type { AppConfig } from '../config/env.ts';
import { createPrismaClient } from '../db/client.ts';
import { closeQueues, createQueues } from '../jobs/queues.ts';
import type { AppServices } from '../plugins/app/services.ts';
import { createLocalDiskStorage } from '../providers/storage/local-disk.ts';

/** The shared services of the API and the worker process, created once per process. */
export function createServices(config: AppConfig): AppServices {
  return {
    config,
    db: createPrismaClient(config.DATABASE_URL),
    redis: new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false }),
    queues: createQueues(config.REDIS_URL),
    storage: createLocalDiskStorage(config.STORAGE_DIR),
  };
}

export async function closeServices(services: AppServices): Promise<void> {
  await closeQueues(services.queues);
  await services.redis.quit().catch(() => services.redis.disconnect());
  await services.db.$disconnect();
}
