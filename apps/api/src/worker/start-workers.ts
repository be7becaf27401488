import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Logger } from 'pino';
import type { AppServices } from '../bootstrap/app-services.ts';
import type { JobContext } from '../jobs/job-handler.ts';
import { redisConnection } from '../jobs/queues.ts';
import { buildJobRegistry, type JobRegistry } from '../jobs/registry.ts';

/**
 * Runs one job: validates its payload, calls its handler, and after the last failed attempt calls the
 * handler's final-failure hook (refunds and the like) before BullMQ marks it failed.
 */
export async function processJob(registry: JobRegistry, job: Job, services: AppServices, log: Logger) {
  const handler = registry.get(job.name);
  if (!handler) throw new UnrecoverableError(`No handler for job ${job.name}`);
  const parsed = handler.job.payload.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`Invalid payload for ${job.name}: ${parsed.error.message}`);
  const maxAttempts = job.opts.attempts ?? 1;
  const ctx: JobContext = {
    services,
    log: log.child({ job: job.name, jobId: job.id }),
    attempt: job.attemptsMade + 1,
    maxAttempts,
  };
  try {
    await handler.handle(parsed.data, ctx);
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    const isFinal = error instanceof UnrecoverableError || ctx.attempt >= maxAttempts;
    if (isFinal && handler.onFinalFailure) await handler.onFinalFailure(parsed.data, ctx, error);
    throw error;
  }
}

/** One BullMQ worker per queue that has jobs; returns a close function that waits for running jobs. */
export function startWorkers(services: AppServices, log: Logger, registry: JobRegistry = buildJobRegistry()) {
  const queues = new Set([...registry.values()].map((handler) => handler.job.queue));
  const workers = [...queues].map((queue) => {
    const worker = new Worker(queue, (job) => processJob(registry, job, services, log), {
      connection: redisConnection(services.config.REDIS_URL),
      concurrency: services.config.WORKER_CONCURRENCY,
      lockDuration: services.config.WORKER_LOCK_DURATION_MS,
      stalledInterval: services.config.WORKER_LOCK_DURATION_MS,
      // A job whose worker died is given back twice before BullMQ fails it; the generation sweeper
      // then refunds what it left unfinished.
      maxStalledCount: 2,
    });
    worker.on('failed', (job, err) => log.warn({ jobId: job?.id, name: job?.name, err }, 'job attempt failed'));
    worker.on('error', (err) => log.error({ err }, 'worker error'));
    return worker;
  });
  log.info({ queues: [...queues] }, 'workers started');
  const scheduled = scheduleRepeatableJobs(services, registry).catch((err: unknown) =>
    log.error({ err }, 'could not schedule repeatable jobs'),
  );
  return {
    workers,
    async close() {
      await scheduled;
      await Promise.all(workers.map((w) => w.close()));
    },
  };
}

/** One schedule per repeatable job; upserting keeps a single schedule however many workers start. */
async function scheduleRepeatableJobs(services: AppServices, registry: JobRegistry): Promise<void> {
  for (const { job } of registry.values()) {
    if (job.repeatEveryMs === undefined) continue;
    const every = typeof job.repeatEveryMs === 'function' ? job.repeatEveryMs(services) : job.repeatEveryMs;
    const queue = services.queues[job.queue];
    // Off in this deployment (a coin without keys): an earlier deployment's schedule goes too.
    if (!every) await queue.removeJobScheduler(job.name);
    else await queue.upsertJobScheduler(job.name, { every }, { name: job.name, data: {} });
  }
}
