import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config/env.ts';
import { prepareDatabase } from './prepare-database.ts';
import {
  API_MEMORY_ENV,
  API_NODE_FLAGS,
  WORKER_MEMORY_ENV,
  WORKER_NODE_FLAGS,
  withCallerValues,
} from './process-settings.ts';
import { startEmbeddedPostgres } from './postgres.ts';
import { findFreePort, startLocalRedis } from './redis.ts';
import { createStartTimeline, type StartTimeline } from './timeline.ts';

export interface StackOptions {
  mode: 'start' | 'dev';
  /** The one URL's port (API + web in start mode, Vite in dev mode). */
  port: number;
  /** Where embedded Postgres, Redis, images and the JWT secret live. */
  dataDir: string;
  /** Environment for the children; DATABASE_URL / REDIS_URL here mean "use these, start nothing". */
  env: NodeJS.ProcessEnv;
  /** Demo images to seed into an empty database. */
  seedImages?: number;
  /** Children's output: inherit (a terminal) or ignore (tests). */
  stdio?: 'inherit' | 'ignore';
  log?: (line: string) => void;
  /** Records the phases of the start (local/timeline.ts); one is made from `env` when omitted. */
  timeline?: StartTimeline;
}

export interface RunningStack {
  url: string;
  databaseUrl: string;
  redisUrl: string;
  /** Resolves when a child process exits on its own (a crash). */
  exited: Promise<{ name: string; code: number | null }>;
  stop(): Promise<void>;
  timeline: StartTimeline;
}

const API_DIR = path.join(REPO_ROOT, 'apps/api');
const WORKER_DIR = path.join(REPO_ROOT, 'apps/worker');
const bin = (pkgDir: string, name: string) => path.join(pkgDir, 'node_modules/.bin', name);
/**
 * Running as compiled JavaScript (apps/api/dist, which `npm start` builds with
 * scripts/build-server.mjs): the API and the worker are started from their dist/ too, with plain node.
 * From the TypeScript sources (tests, `pnpm dev`) they run through tsx as before.
 */
const COMPILED = import.meta.url.endsWith('.js');
/** The children's memory settings (process-settings.ts); a value set by the caller wins. */
const API_ENV = (env: NodeJS.ProcessEnv) => withCallerValues(API_MEMORY_ENV, env);
const WORKER_ENV = (env: NodeJS.ProcessEnv) => withCallerValues(WORKER_MEMORY_ENV, env);

function jwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(48).toString('hex'), { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

function waitForHttp(url: string, timeoutMs: number, isDead: () => boolean, intervalMs = 150): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = async () => {
      if (isDead()) return reject(new Error(`a process exited before ${url} answered`));
      try {
        const res = await fetch(url);
        if (res.ok) return resolve();
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) return reject(new Error(`${url} did not answer within ${timeoutMs} ms`));
      setTimeout(attempt, intervalMs);
    };
    void attempt();
  });
}

/**
 * Brings up the whole product on one URL: PostgreSQL (embedded unless DATABASE_URL is set), Redis
 * (a local redis-server unless REDIS_URL is set), migrations, demo seed when empty, then the API
 * (which serves the built web app) and the worker as child processes; in dev mode Vite with HMR in
 * front of the API. stop() ends the children, then Redis and Postgres.
 */
export async function startStack(opts: StackOptions): Promise<RunningStack> {
  const log = opts.log ?? ((line: string) => console.log(`[velvet] ${line}`));
  const timeline = opts.timeline ?? createStartTimeline({ env: opts.env, log });
  const stops: Array<() => Promise<void>> = [];
  const children: Array<{ name: string; child: ChildProcess }> = [];
  let stopping = false;

  const stop = async () => {
    stopping = true;
    await Promise.all(
      children.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    for (const fn of stops.reverse()) await fn().catch(() => undefined);
  };

  try {
    const storageDir = opts.env.STORAGE_DIR ?? path.join(opts.dataDir, 'storage');
    const jwt = opts.env.JWT_SECRET ?? jwtSecret(opts.dataDir);
    const apiPort = opts.mode === 'dev' ? await findFreePort(opts.port + 1) : opts.port;
    // The children's environment; DATABASE_URL and REDIS_URL are added once those are up.
    let env: NodeJS.ProcessEnv = {
      ...opts.env,
      STORAGE_DIR: storageDir,
      JWT_SECRET: jwt,
      PORT: String(apiPort),
      SERVE_WEB: opts.mode === 'dev' ? 'false' : (opts.env.SERVE_WEB ?? 'true'),
    };
    const stdio = opts.stdio ?? 'inherit';
    const tsx = bin(API_DIR, 'tsx');
    const watch = opts.mode === 'dev' ? ['watch', '--clear-screen=false'] : [];
    const launch = (
      name: string,
      command: string,
      args: string[],
      cwd: string,
      extraEnv: NodeJS.ProcessEnv = {},
      ipc = false,
    ) => {
      const child = spawn(command, args, {
        cwd,
        env: { ...env, ...extraEnv },
        stdio: ipc ? ['ignore', stdio, stdio, 'ipc'] : ['ignore', stdio, stdio],
      });
      children.push({ name, child });
      return child;
    };
    const anyDead = () => !stopping && children.some(({ child }) => child.exitCode !== null);

    // `npm start` (compiled JavaScript): the API's process loads its code while PostgreSQL and Redis
    // start, and is sent their URLs once the schema is ready (server.ts --await-launcher); it touches
    // neither before that.
    const apiStart = timeline.now();
    const earlyApi =
      COMPILED && opts.mode === 'start'
        ? launch(
            'api',
            process.execPath,
            [...API_NODE_FLAGS, 'dist/server.js', '--await-launcher'],
            API_DIR,
            API_ENV(env),
            true,
          )
        : null;

    // PostgreSQL and Redis start side by side; each one's stop is registered as soon as it is up, so a
    // failure of the other still stops it.
    const [database, redis] = await Promise.allSettled([
      opts.env.DATABASE_URL
        ? Promise.resolve(opts.env.DATABASE_URL)
        : timeline.phase('postgres', async () => {
            log('DATABASE_URL is unset: starting embedded PostgreSQL');
            const pg = await startEmbeddedPostgres({
              dataDir: path.join(opts.dataDir, 'postgres'),
              database: 'velvet',
            });
            stops.push(pg.stop);
            return pg.url;
          }),
      opts.env.REDIS_URL
        ? Promise.resolve(opts.env.REDIS_URL)
        : timeline.phase('redis', async () => {
            log('REDIS_URL is unset: starting a local redis-server');
            const server = await startLocalRedis({ dataDir: path.join(opts.dataDir, 'redis') });
            stops.push(server.stop);
            return server.url;
          }),
    ]);
    if (database.status === 'rejected') throw database.reason;
    if (redis.status === 'rejected') throw redis.reason;
    const databaseUrl = database.value;
    const redisUrl = redis.value;

    // With an S3 bucket configured the demo pictures go where the API will read them. The services
    // (AWS SDK, sharp...) are loaded for that case only.
    const storage = opts.env.S3_BUCKET
      ? await import('../providers/storage/select.ts').then(async ({ createImageStorage }) => {
          const { loadConfig } = await import('../config/env.ts');
          return createImageStorage(
            loadConfig({
              ...opts.env,
              DATABASE_URL: databaseUrl,
              REDIS_URL: redisUrl,
              JWT_SECRET: jwt,
              STORAGE_DIR: storageDir,
            }),
          );
        })
      : undefined;
    await timeline.phase('database check', () =>
      prepareDatabase({
        databaseUrl,
        storageDir,
        ...(storage ? { storage } : {}),
        seedImages: opts.seedImages ?? 240,
        log,
      }),
    );
    env = { ...env, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl };

    // The worker once the API answers /readyz: it loads the same modules and would take half of the
    // CPU while the API starts, and readiness does not need it.
    const apiReady = async (since: number) => {
      await waitForHttp(`http://127.0.0.1:${apiPort}/readyz`, 60_000, anyDead, 25);
      timeline.record('api', since, timeline.now());
    };
    if (earlyApi) {
      // A send to a process that died is reported by anyDead() in apiReady.
      earlyApi.send({ env: { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl } }, () => undefined);
      await apiReady(apiStart);
      launch('worker', process.execPath, [...WORKER_NODE_FLAGS, 'dist/main.js'], WORKER_DIR, WORKER_ENV(env));
    } else {
      const since = timeline.now();
      launch('api', tsx, [...watch, 'src/server.ts'], API_DIR);
      await apiReady(since);
      launch('worker', tsx, [...watch, 'src/main.ts'], WORKER_DIR, WORKER_ENV(env));
    }
    if (opts.mode === 'dev') {
      const webDir = path.join(REPO_ROOT, 'apps/web');
      launch('web', bin(webDir, 'vite'), ['--port', String(opts.port), '--strictPort', '--host', '0.0.0.0'], webDir, {
        VELVET_API_URL: `http://127.0.0.1:${apiPort}`,
      });
    }

    const exited = new Promise<{ name: string; code: number | null }>((resolve) => {
      for (const { name, child } of children) {
        child.once('exit', (code) => {
          if (!stopping) resolve({ name, code });
        });
      }
    });
    const url = `http://localhost:${opts.port}`;
    if (opts.mode === 'dev') await waitForHttp(`http://127.0.0.1:${opts.port}/`, 60_000, anyDead);
    return { url, databaseUrl, redisUrl, exited, stop, timeline };
  } catch (err) {
    await stop();
    throw err;
  }
}
