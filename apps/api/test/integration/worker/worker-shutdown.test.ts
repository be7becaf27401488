import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../src/config/env.ts';
import { startLocalRedis } from '../../../src/local/redis.ts';

const WORKER_DIR = path.join(REPO_ROOT, 'apps/worker');
const TSX = path.join(REPO_ROOT, 'apps/api/node_modules/.bin/tsx');

/** Resolves with how the process ended (exit code or signal), or null when it still runs after `ms`. */
function exitWithin(child: ReturnType<typeof spawn>, ms: number): Promise<string | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      return resolve(String(child.exitCode ?? child.signalCode));
    const timer = setTimeout(() => resolve(null), ms);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(String(code ?? signal));
    });
  });
}

// The worker process (apps/worker) as `npm start` runs it: a stop signal that finds its Redis already
// gone (the stack's children all got Ctrl-C at once) must not leave it reconnecting forever.
describe('worker process shutdown', () => {
  it(
    'exits within WORKER_SHUTDOWN_GRACE_MS of SIGTERM even when Redis is already gone',
    { timeout: 60_000 },
    async () => {
      const redis = await startLocalRedis();
      const output: string[] = [];
      const worker = spawn(TSX, ['src/main.ts'], {
        cwd: WORKER_DIR,
        env: {
          ...process.env,
          REDIS_URL: redis.url,
          JWT_SECRET: 'worker-shutdown-test-secret-0123456789',
          WORKER_SHUTDOWN_GRACE_MS: '1500',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      worker.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      worker.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      try {
        // Started: BullMQ's workers connect to Redis (the client list grows).
        const { Redis } = await import('ioredis');
        const probe = new Redis(redis.url);
        const deadline = Date.now() + 20_000;
        let clients = 0;
        while (Date.now() < deadline) {
          clients = String(await probe.client('LIST'))
            .trim()
            .split('\n').length;
          if (clients > 2 || worker.exitCode !== null) break;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(clients, output.join('')).toBeGreaterThan(2);
        probe.disconnect();
        await redis.stop();
        worker.kill('SIGTERM');
        const code = await exitWithin(worker, 10_000);
        expect(code, output.join('')).not.toBeNull();
      } finally {
        worker.kill('SIGKILL');
        await redis.stop();
      }
    },
  );
});
