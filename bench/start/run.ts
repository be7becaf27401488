// `pnpm bench:start`: how long `npm start` takes on an unchanged checkout to answer /readyz 200,
// against a reference measured in the same run (docs/performance.md, "Start time and API memory").
//
//   pnpm bench:start                          3 rounds after one warm-up (which builds and seeds)
//   pnpm bench:start --rounds 5
//   pnpm bench:start --checkout /tmp/before   also time another checkout, round by round (before/after)
//   pnpm bench:start --data-dir /tmp/start    where each checkout's database lives (default .data/bench-start)
//
// Each round spawns `npm start` in its own process group with a free PORT and its own VELVET_DATA_DIR,
// times spawn -> the first /readyz 200, then stops it as Ctrl-C does (SIGINT to the group) and checks
// that nothing is left: no process of the group, the port free, no postmaster.pid in the data folder.
// The reference, timed between the rounds: `node -e ''` (starting Node at all) plus the embedded
// PostgreSQL of the same data folder started and stopped alone (what no start can avoid).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startEmbeddedPostgres } from '@velvet/api/local/postgres';
import { findFreePort } from '@velvet/api/local/redis';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(HERE, '../..');
/** Issue 11: `npm start` on an unchanged checkout healthy within this. */
const GOAL_MS = 5_000;
const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function portFree(port: number): Promise<boolean> {
  return findFreePort(port).then((found) => found === port);
}

interface Round {
  ms: number;
  /** The launcher's own `[velvet] ready in ...` line (its phases), when it printed one. */
  summary: string | null;
  /** It built the web app or the server first: not an unchanged checkout (someone edited sources). */
  rebuilt: boolean;
}

/** A round that had to build is not what the goal is about; it is run again, up to this many times. */
const REBUILD_RETRIES = 2;

/** One `npm start`: spawn -> /readyz 200, then Ctrl-C and a check that everything is gone. */
async function timeNpmStart(checkout: string, dataDir: string, log: string): Promise<Round> {
  const port = await findFreePort();
  const out = fs.openSync(log, 'w');
  const started = performance.now();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), VELVET_DATA_DIR: dataDir };
  // What `npm start` is given on a fresh terminal: none of the benchmark's own settings.
  for (const name of ['NODE_ENV', 'DATABASE_URL', 'REDIS_URL', 'VELVET_START_T0']) delete env[name];
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: checkout,
    env,
    stdio: ['ignore', out, out],
    detached: true, // its own process group, as a terminal's Ctrl-C would reach
  });
  const pid = child.pid!;
  const kill = () => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // gone
    }
  };
  process.once('exit', kill);
  let ms: number | null = null;
  let failure: unknown = null;
  try {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (ms === null) {
      if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}) before /readyz; see ${log}`);
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (res) => res.status === 200,
        () => false, // not listening yet
      );
      if (ok) ms = performance.now() - started;
      else if (Date.now() > deadline) throw new Error(`no /readyz 200 within ${READY_TIMEOUT_MS / 1000} s; see ${log}`);
      else await sleep(25);
    }
  } catch (error) {
    failure = error;
  }
  // Ctrl-C: SIGINT to the whole group; the launcher stops the API, the worker, Redis and Postgres.
  try {
    process.kill(-pid, 'SIGINT');
  } catch {
    // gone
  }
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (groupAlive(pid) && Date.now() < deadline) await sleep(100);
  const leftover = groupAlive(pid);
  if (leftover) kill();
  process.off('exit', kill);
  fs.closeSync(out);
  if (failure) throw failure;
  if (leftover) throw new Error(`npm start did not stop within ${STOP_TIMEOUT_MS / 1000} s of SIGINT (killed)`);
  if (!(await portFree(port))) throw new Error(`port ${port} still in use after npm start stopped`);
  if (fs.existsSync(path.join(dataDir, 'postgres/postmaster.pid'))) {
    throw new Error(`PostgreSQL left ${path.join(dataDir, 'postgres/postmaster.pid')} behind`);
  }
  const output = fs.readFileSync(log, 'utf8');
  const summary = output.split('\n').find((line) => line.startsWith('[velvet] ready in '));
  const rebuilt = /\[velvet\] (building the web app|compiling the API)/.test(output);
  return { ms: ms!, summary: summary?.replace('[velvet] ', '') ?? null, rebuilt };
}

/** The reference: starting Node with an empty script, and the data folder's PostgreSQL alone. */
async function timeReference(dataDir: string): Promise<{ node: number; postgres: number }> {
  let started = performance.now();
  spawnSync(process.execPath, ['-e', ''], { stdio: 'ignore' });
  const node = performance.now() - started;
  started = performance.now();
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), database: 'velvet' });
  const postgres = performance.now() - started;
  await pg.stop();
  return { node, postgres };
}

async function main() {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '3' },
      checkout: { type: 'string', multiple: true },
      'data-dir': { type: 'string', default: path.join(REPO_ROOT, '.data/bench-start') },
    },
  });
  const rounds = Math.max(1, Number(values.rounds));
  const checkouts = [REPO_ROOT, ...(values.checkout ?? []).map((dir) => path.resolve(dir))];
  const baseDir = path.resolve(values['data-dir']);
  const setups = checkouts.map((checkout, index) => ({
    name: index === 0 ? 'this checkout' : checkout,
    checkout,
    dataDir: path.join(baseDir, index === 0 ? 'current' : `checkout-${index}`),
    times: [] as Round[],
  }));
  fs.mkdirSync(baseDir, { recursive: true });
  const logDir = fs.mkdtempSync(path.join(baseDir, 'logs-'));

  const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`npm start -> /readyz 200; ${rounds} rounds after a warm-up; load average ${load()}`);
  for (const s of setups) {
    // The warm-up builds what the checkout needs (web app, compiled server), creates and seeds the
    // database: a first start, not the unchanged checkout the goal is about.
    const warm = await timeNpmStart(s.checkout, s.dataDir, path.join(logDir, `${setups.indexOf(s)}-warm-up.log`));
    console.log(`warm-up ${s.name}: ${secs(warm.ms)}`);
  }
  const references: Array<{ node: number; postgres: number }> = [];
  for (let round = 1; round <= rounds; round += 1) {
    references.push(await timeReference(setups[0]!.dataDir));
    for (const s of setups) {
      for (let attempt = 0; ; attempt += 1) {
        const log = path.join(logDir, `${setups.indexOf(s)}-${round}${attempt ? `-retry${attempt}` : ''}.log`);
        const result = await timeNpmStart(s.checkout, s.dataDir, log);
        console.log(
          `round ${round} ${s.name}: ${secs(result.ms)}${result.summary ? ` (${result.summary})` : ''}` +
            (result.rebuilt ? ' [rebuilt first: sources changed meanwhile]' : ''),
        );
        if (!result.rebuilt || attempt >= REBUILD_RETRIES) {
          s.times.push(result);
          break;
        }
      }
    }
  }

  const refNode = median(references.map((r) => r.node));
  const refPostgres = median(references.map((r) => r.postgres));
  const reference = refNode + refPostgres;
  console.log('');
  console.log(`| what | rounds | median | ratio to reference | goal | |`);
  console.log(`| --- | --- | --- | --- | --- | --- |`);
  console.log(
    `| reference: \`node -e ''\` + embedded PostgreSQL start | ${references.map((r) => secs(r.node + r.postgres)).join(', ')} | ` +
      `${secs(reference)} (${secs(refNode)} + ${secs(refPostgres)}) | 1.00x | | |`,
  );
  for (const s of setups) {
    const m = median(s.times.map((t) => t.ms));
    console.log(
      `| \`npm start\` to /readyz 200, ${s.name} | ${s.times.map((t) => secs(t.ms) + (t.rebuilt ? '*' : '')).join(', ')} | ${secs(m)} | ` +
        `${(m / reference).toFixed(2)}x | <= ${secs(GOAL_MS)} | ${m <= GOAL_MS ? 'met' : 'NOT met'} |`,
    );
  }
  if (setups.some((s) => s.times.some((t) => t.rebuilt))) console.log('\n* built first (sources changed meanwhile)');
  console.log(`\nload average at the end ${load()}; logs in ${logDir}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
