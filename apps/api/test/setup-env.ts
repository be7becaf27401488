import { inject } from 'vitest';

// Code under test reads config only through loadConfig(); tests build it from these.
process.env.DATABASE_URL = inject('databaseUrl');
process.env.REDIS_URL = inject('redisUrl');
