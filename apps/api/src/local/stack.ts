import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createImageStorage } from '../bootstrap/create-services.ts';
import { loadConfig, REPO_ROOT } from '../config/env.ts';
import { prepareDatabase } from './prepare-database.ts';
import { startEmbeddedPostgres } from './postgres.ts';
import { findFreePort, startLocalRedis } from './redis.ts';

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
}

export interface RunningStack {
  url: string;
  databaseUrl: string;
  redisUrl: string;
  /** Resolves when a child process exits on its own (a crash). */
  exited: Promise<{ name: string; code: number | null }>;
  stop(): Promise<void>;
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
/** Workspace imports resolve to the packages' dist/ under this condition (their package.json exports). */
const COMPILED_NODE_FLAGS = ['--conditions=velvet-compiled', '--enable-source-maps'];

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
    let databaseUrl = opts.env.DATABASE_URL;
    if (!databaseUrl) {
      log('DATABASE_URL is unset: starting embedded PostgreSQL');
      const pg = await startEmbeddedPostgres({ dataDir: path.join(opts.dataDir, 'postgres'), database: 'velvet' });
      stops.push(pg.stop);
      databaseUrl = pg.url;
    }
    let redisUrl = opts.env.REDIS_URL;
    if (!redisUrl) {
      log('REDIS_URL is unset: starting a local redis-server');
      const redis = await startLocalRedis({ dataDir: path.join(opts.dataDir, 'redis') });
      stops.push(redis.stop);
      redisUrl = redis.url;
    }

    const storageDir = opts.env.STORAGE_DIR ?? path.join(opts.dataDir, 'storage');
    const jwt = opts.env.JWT_SECRET ?? jwtSecret(opts.dataDir);
    // With an S3 bucket configured the demo pictures go where the API will read them.
    const storage = opts.env.S3_BUCKET
      ? createImageStorage(
          loadConfig({
            ...opts.env,
            DATABASE_URL: databaseUrl,
            REDIS_URL: redisUrl,
            JWT_SECRET: jwt,
            STORAGE_DIR: storageDir,
          }),
        )
      : undefined;
    await prepareDatabase({
      databaseUrl,
      storageDir,
      ...(storage ? { storage } : {}),
      seedImages: opts.seedImages ?? 240,
      log,
    });

    const apiPort = opts.mode === 'dev' ? await findFreePort(opts.port + 1) : opts.port;
    const env: NodeJS.ProcessEnv = {
      ...opts.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      STORAGE_DIR: storageDir,
      JWT_SECRET: jwt,
      PORT: String(apiPort),
      SERVE_WEB: opts.mode === 'dev' ? 'false' : (opts.env.SERVE_WEB ?? 'true'),
    };
    const stdio = opts.stdio ?? 'inherit';
    const tsx = bin(API_DIR, 'tsx');
    const watch = opts.mode === 'dev' ? ['watch', '--clear-screen=false'] : [];
    const launch = (name: string, command: string, args: string[], cwd: string, extraEnv: NodeJS.ProcessEnv = {}) => {
      const child = spawn(command, args, { cwd, env: { ...env, ...extraEnv }, stdio: ['ignore', stdio, stdio] });
      children.push({ name, child });
      return child;
    };
    if (COMPILED && opts.mode === 'start') {
      launch('api', process.execPath, [...COMPILED_NODE_FLAGS, 'dist/server.js'], API_DIR);
      launch('worker', process.execPath, [...COMPILED_NODE_FLAGS, 'dist/main.js'], WORKER_DIR);
    } else {
      launch('api', tsx, [...watch, 'src/server.ts'], API_DIR);
      launch('worker', tsx, [...watch, 'src/main.ts'], WORKER_DIR);
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
    const anyDead = () => !stopping && children.some(({ child }) => child.exitCode !== null);
    const url = `http://localhost:${opts.port}`;
    await waitForHttp(`http://127.0.0.1:${apiPort}/readyz`, 60_000, anyDead, 50);
    if (opts.mode === 'dev') await waitForHttp(`http://127.0.0.1:${opts.port}/`, 60_000, anyDead);
    return { url, databaseUrl, redisUrl, exited, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
