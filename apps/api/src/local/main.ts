import path from 'node:path';
import { loadCliConfig, processEnvironment, REPO_ROOT } from '../config/env.ts';
import { holdRunningBuilds } from '../lib/running-build.ts';
import { startStack, type RunningStack } from './stack.ts';
import { createStartTimeline } from './timeline.ts';

/**
 * `pnpm start` / `pnpm dev`: the whole product on one URL with no configuration. Reads .env at the
 * repository root when there is one. Ctrl-C stops every child cleanly.
 */
async function main() {
  const mode = process.argv[2] === 'dev' ? 'dev' : 'start';
  // Run compiled (`npm start`): a later build keeps these builds while this process runs.
  holdRunningBuilds([import.meta.url, import.meta.resolve('@velvet/contracts')]);
  try {
    process.loadEnvFile(path.join(REPO_ROOT, '.env'));
  } catch {
    // no .env: defaults everywhere
  }
  const timeline = createStartTimeline();
  // Before this process: the launcher's checks (scripts/velvet.mjs); then loading this program.
  const processStart = performance.timeOrigin - (Date.now() - timeline.now());
  timeline.record('launcher', 0, Math.max(0, processStart));
  timeline.record('load', Math.max(0, processStart), timeline.now());
  // After .env is loaded: its PORT and VELVET_DATA_DIR count.
  const { PORT: port, VELVET_DATA_DIR: dataDir } = loadCliConfig(['PORT', 'VELVET_DATA_DIR']);

  // Ctrl-C is handled from the first moment: during start it is honoured as soon as startStack
  // returns (or fails, when the children it was waiting for stopped on the same Ctrl-C), so that
  // nothing started meanwhile is left running.
  let stack: RunningStack | undefined;
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('[velvet] stopping...');
    if (!stack) return;
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());

  try {
    stack = await startStack({
      mode,
      port,
      dataDir,
      // Handed on to the API and the worker, which parse it themselves.
      env: processEnvironment(),
      timeline,
    });
  } catch (err) {
    // startStack stopped what it had started before throwing.
    if (stopping) process.exit(0);
    throw err;
  }
  if (stopping) {
    await stack.stop();
    process.exit(0);
  }
  console.log(
    [
      '',
      `  Velvet is running at ${stack.url}`,
      `  API docs: ${stack.url}/docs   health: ${stack.url}/healthz`,
      `  Database: ${stack.databaseUrl}   Redis: ${stack.redisUrl}`,
      '  Images come from the built-in demo provider (drawn locally, no AI model) unless IMAGE_PROVIDER is set.',
      '  Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
  console.log(`[velvet] ${timeline.summary()}`);

  const crashed = await stack.exited;
  if (!stopping) {
    console.error(`[velvet] ${crashed.name} exited with code ${crashed.code}; stopping everything`);
    await stack.stop();
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(`[velvet] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
