import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { testDatabaseUrl, testRedisUrl } from './workers.ts';
import { buildApp, type App } from '../../src/app.ts';
import { closeServices, createServices } from '../../src/bootstrap/create-services.ts';
import { loadConfig, type AppConfig } from '../../src/config/env.ts';
import type { AppServices } from '../../src/bootstrap/app-services.ts';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** Config for a test: the run's Postgres and Redis, a throwaway storage folder, no web app. */
export function testConfig(overrides: Partial<Record<keyof AppConfig, string>> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: testDatabaseUrl(),
    REDIS_URL: testRedisUrl(),
    JWT_SECRET: TEST_JWT_SECRET,
    STORAGE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'velvet-storage-')),
    SERVE_WEB: 'false',
    // Every test request comes from 127.0.0.1: the sign-in limits get their own tests.
    AUTH_RATE_LIMIT_MAX_PER_IP: '1000000',
    AUTH_RATE_LIMIT_MAX_PER_EMAIL: '1000000',
    ...overrides,
  });
}

export interface TestApp {
  app: App;
  services: AppServices;
  close(): Promise<void>;
}

/** A real app on real services, driven with app.inject(); `extend` may add test-only routes. */
export async function createTestApp(
  overrides: Partial<Record<keyof AppConfig, string>> = {},
  extend?: (app: App) => unknown,
): Promise<TestApp> {
  return startTestApp(overrides, false, extend);
}

/**
 * The same, with the app's log (warn and above) parsed into `logLines`, for tests that assert what
 * is logged (a forged webhook, a refused notification).
 */
export async function createLoggedTestApp(
  overrides: Partial<Record<keyof AppConfig, string>>,
  logLines: Record<string, unknown>[],
): Promise<TestApp> {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  return startTestApp(overrides, { level: 'warn', stream });
}

async function startTestApp(
  overrides: Partial<Record<keyof AppConfig, string>>,
  logger: Parameters<typeof buildApp>[0]['logger'],
  extend?: (app: App) => unknown,
): Promise<TestApp> {
  const services = createServices(testConfig(overrides));
  const app = await buildApp({ services, logger });
  if (extend) await extend(app);
  await app.ready();
  return {
    app,
    services,
    async close() {
      await app.close();
      await closeServices(services);
    },
  };
}
