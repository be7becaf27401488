import { defineConfig } from 'vitest/config';
import { INTEGRATION_WORKERS } from './apps/api/test/support/workers.ts';

// Three tiers (docs/ARCHITECTURE.md): unit beside the code, integration against the real Postgres and
// Redis that the global setup starts, browser tests in e2e/ against the whole product.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
          benchmark: { include: ['**/*.bench.ts'], exclude: ['**/node_modules/**'] },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/*/test/**/*.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          setupFiles: ['apps/api/test/setup-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files run INTEGRATION_WORKERS at a time, each worker on its own copy of the database and its
          // own Redis (global-setup.ts); within a worker, files run one after another, each cleaning
          // what it needs.
          fileParallelism: true,
          maxWorkers: INTEGRATION_WORKERS,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Two files at a time against the one stack (a browser test waits on the stack and Chromium
          // more than it computes: 490 s instead of 850 s on 2 cores). Tests that read shared lists
          // (Explore, the audit log, console queues) look for their own rows, never at counts.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
