import { Queue, type ConnectionOptions } from 'bullmq';

export const QUEUE_NAMES = {
  /** Image generation runs: one job per run, job id = run_id. */
  generation: 'generation',
  /** Claim refunds (delayed) and image housekeeping. */
  images: 'images',
  /** Crypto deposit watchers: one repeatable job per coin. */
  deposits: 'deposits',
} as const;
export type QueueName = (typeof QUEUE_NAMES)[keyof typeof QUEUE_NAMES];

/** BullMQ wants its own connections; ioredis options parsed from REDIS_URL. */
export function redisConnection(redisUrl: string): ConnectionOptions {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    ...(url.pathname.length > 1 ? { db: Number(url.pathname.slice(1)) } : {}),
    ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
    // Workers block on Redis; BullMQ requires unlimited retries for them.
    maxRetriesPerRequest: null,
  };
}

export function createQueues(redisUrl: string) {
  const connection = redisConnection(redisUrl);
  return {
    generation: new Queue(QUEUE_NAMES.generation, {
      connection,
      defaultJobOptions: {
        attempts: 3,
        backoff: { type: 'exponential', delay: 2000 },
        removeOnComplete: { count: 1000 },
        removeOnFail: { count: 5000 },
      },
    }),
    images: new Queue(QUEUE_NAMES.images, {
      connection,
      defaultJobOptions: {
        attempts: 5,
        backoff: { type: 'exponential', delay: 5000 },
        removeOnComplete: { count: 1000 },
        removeOnFail: { count: 5000 },
      },
    }),
    // A failed watcher run is not retried: the next scheduled run reads the chain again.
    deposits: new Queue(QUEUE_NAMES.deposits, {
      connection,
      defaultJobOptions: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 1000 } },
    }),
  };
}

export type Queues = ReturnType<typeof createQueues>;

export async function closeQueues(queues: Queues): Promise<void> {
  await Promise.all(Object.values(queues).map((q) => q.close()));
}
