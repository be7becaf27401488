import { buildApp } from './app.ts';
import { closeServices, createServices } from './bootstrap/create-services.ts';
import { loadConfig } from './config/env.ts';
import { ensureAdminAccount } from './services/members/ensure-admin.ts';

/** HTTP entry: parse config, build the app, listen, and shut down cleanly on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig();
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
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
