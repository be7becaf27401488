import { inject } from 'vitest';
import { workerSlot } from './support/workers.ts';

// Code under test reads config only through loadConfig(); tests build it from these: this worker's
// own database and Redis (global-setup.ts).
process.env.DATABASE_URL = inject('databaseUrls')[workerSlot()];
process.env.REDIS_URL = inject('redisUrls')[workerSlot()];
