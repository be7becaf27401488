import { buildApp } from './app.ts';
import { closeServices, createServices } from './bootstrap/create-services.ts';
import { loadConfig, processEnvironment } from './config/env.ts';
import { holdRunningBuilds } from './lib/running-build.ts';
import { ensureAdminAccount } from './services/members/ensure-admin.ts';
import { warmLexiconScreen } from './services/safety/lexicon-screen.ts';

/**
 * `npm start` (local/stack.ts) starts this process with --await-launcher while PostgreSQL and Redis are
 * still starting: the code above loads meanwhile, and the launcher sends their URLs over IPC once the
 * schema is ready. Nothing here touches the database or Redis before that message.
 */
function settingsFromLauncher(): Promise<NodeJS.ProcessEnv> {
  if (!process.argv.includes('--await-launcher') || !process.send) return Promise.resolve({});
  return new Promise((resolve, reject) => {
    process.once('message', (message: { env?: NodeJS.ProcessEnv }) => {
      // Nothing more comes; the open channel would keep the process alive. (Not from inside the
      // 'message' event: Node still uses the channel after the listeners return.)
      setImmediate(() => process.disconnect?.());
      resolve(message.env ?? {});
    });
    process.once('disconnect', () => reject(new Error('the launcher went away before the database was ready')));
  });
}

/** HTTP entry: parse config, build the app, listen, and shut down cleanly on SIGINT/SIGTERM. */
async function main() {
  // Run compiled: a later build keeps these builds while this process runs (lib/running-build.ts).
  holdRunningBuilds([import.meta.url, import.meta.resolve('@velvet/contracts')]);
  const config = loadConfig({ ...processEnvironment(), ...(await settingsFromLauncher()) });
  const services = createServices(config);
  const app = await buildApp({ services });
  const admin = await ensureAdminAccount(services.db, config);
  if (admin) app.log.info({ admin }, 'support admin account ready');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await closeServices(services);
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  // The prompt screen's patterns compiled now, once, not in the first make call (~400 ms there).
  // After listening: done before, it made `npm start` ~0.5 s slower to answer (docs/performance.md).
  setImmediate(() => warmLexiconScreen());
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
