import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStack } from '@velvet/api/local/stack';
import { findFreePort } from '@velvet/api/local/redis';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const WEB_INDEX = path.resolve(import.meta.dirname, '../apps/web/dist/index.html');

/**
 * Browser tier: the whole product exactly as `npm start` runs it (embedded Postgres, local Redis,
 * migrations, a small demo seed, API serving the built web app, worker) on a free port with a
 * throwaway data folder.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync('/usr/bin/chromium')) {
    throw new Error('Browser tests need Debian chromium at /usr/bin/chromium: apt-get install -y chromium');
  }
  if (!fs.existsSync(WEB_INDEX)) {
    throw new Error('The web app is not built: run `pnpm --filter @velvet/web build` first (npm test does).');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'velvet-e2e-'));
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.PORT;
  const stack = await startStack({
    mode: 'start',
    port: await findFreePort(),
    dataDir,
    env,
    seedImages: 40,
    log: () => undefined,
  });
  project.provide('baseUrl', stack.url);
  return async () => {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
