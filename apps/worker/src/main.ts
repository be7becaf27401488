import { closeServices, createServices } from '@velvet/api/bootstrap/create-services';
import { loadConfig } from '@velvet/api/config/env';
import { holdRunningBuilds } from '@velvet/api/lib/running-build';
import { boundSharpForWorker } from '@velvet/api/worker/sharp-limits';
import { startWorkers } from '@velvet/api/worker/start-workers';
import { pino } from 'pino';

/**
 * The worker process: runs every job of the registry (@velvet/api/jobs/registry: generation, claim
 * refunds, housekeeping, chain watchers) with services built by the same composition root as the API.
 * SIGINT/SIGTERM let running jobs finish, then exit; after WORKER_SHUTDOWN_GRACE_MS, or at a second
 * signal, it exits anyway.
 */
async function main() {
  // Run compiled: a later build keeps these builds while this process runs (lib/running-build.ts).
  holdRunningBuilds([
    import.meta.url,
    import.meta.resolve('@velvet/api/lib/running-build'),
    import.meta.resolve('@velvet/contracts'),
  ]);
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL, name: 'worker' });
  // Before any picture is drawn: libvips' cache bounded (every picture is new; docs/performance.md).
  const sharpSettings = boundSharpForWorker();
  log.debug({ sharp: sharpSettings }, 'sharp limits applied');
  const services = createServices(config);
  const running = startWorkers(services, log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      log.warn({ signal }, 'worker stopping now (second signal)');
      process.exit(1);
    }
    closing = true;
    log.info({ signal }, 'worker shutting down: waiting for running jobs');
    setTimeout(() => {
      log.error({ graceMs: config.WORKER_SHUTDOWN_GRACE_MS }, 'worker did not stop in time: exiting anyway');
      process.exit(1);
    }, config.WORKER_SHUTDOWN_GRACE_MS).unref();
    try {
      await running.close();
      await closeServices(services);
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
