// `pnpm bench:api`: the galleries under load, each figure a ratio against a bare Fastify route
// measured in the same round (docs/performance.md says how to read the table).
//
//   DATABASE_URL=postgresql://... pnpm bench:api          (a database filled by `pnpm bench:seed`)
//   pnpm bench:api --embedded .data/bench-pg              (the embedded cluster bench:seed made)
//
// Options: --rounds 3 --duration 10 --connections 50 --only <comma-separated target names>
//          --accept-encoding 'gzip, deflate, br' (the product's requests ask for compression, as browsers do)
//          --out <file.md> (also writes the table there)
// REDIS_URL is used when set; otherwise a local redis-server is started for the run.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { applyMigrations } from '@velvet/api/db/migrate';
import { startEmbeddedPostgres } from '@velvet/api/local/postgres';
import { API_MEMORY_ENV, API_NODE_FLAGS, withCallerValues } from '@velvet/api/local/process-settings';
import { findFreePort, startLocalRedis } from '@velvet/api/local/redis';
import { GALLERY } from '@velvet/contracts/catalog';
import { SORTS, type Sort } from '@velvet/contracts/options';
import { API_PATHS } from '@velvet/contracts/routes';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH } from './bench-data.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(HERE, '../..');
const API_DIR = path.join(REPO_ROOT, 'apps/api');

/** Goals of issue 11, checked on the medians of the rounds. */
const GOALS = {
  guest: { ratio: 0.4, p99Ms: 20 },
  member: { ratio: 0.1, p99Ms: 50 },
  /** Randomize's ratio to bare at least this share of the slowest other guest sort's ratio to bare. */
  randomizeVsOtherSorts: 0.9,
  apiRssMiB: 200,
} as const;

const DEEP_PAGE = 1000;
const FILTER_MODEL = 'Manga';
const RANDOM_SEED = 'bench-seed-1';

interface Target {
  name: string;
  /** 'miss': for reference, no goal (every request a cache miss). */
  group: 'guest' | 'member' | 'miss';
  path: string;
  /** For the member targets: the bearer header. */
  auth: boolean;
  /**
   * Every request gets its own `seed` (ignored by Latest, but part of the page cache's key): each one
   * misses the cache and reads the database. How a page nobody asked for in the last 5 s costs.
   */
  missCache?: boolean;
}

interface RunFigures {
  rps: number;
  p50: number;
  p99: number;
  bad: number;
}

// ---------------------------------------------------------------------------------------------
// Processes

interface Child {
  name: string;
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

function startChild(name: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, port: number) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  const killTree = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal); // its own process group: tsx and its node child
    } catch {
      // already gone
    }
  };
  process.once('exit', () => killTree('SIGKILL'));
  return {
    name,
    child,
    url: `http://127.0.0.1:${port}`,
    // Ends the whole process group (a shell's children too) and waits until every member is gone.
    stop: async () => {
      const groupAlive = () => {
        try {
          if (child.pid) process.kill(-child.pid, 0);
          return Boolean(child.pid);
        } catch {
          return false;
        }
      };
      killTree('SIGTERM');
      const deadline = Date.now() + 10_000;
      while (groupAlive()) {
        if (Date.now() > deadline) killTree('SIGKILL');
        await sleep(100);
      }
    },
  } satisfies Child;
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode}) before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

/** The API's production node flags that mean something to a plain script (not its export condition). */
function leanFlags(flags: readonly string[]): string[] {
  return flags.filter((flag) => !flag.startsWith('--conditions='));
}

const mibOf = (bytes: number) => Math.round(bytes / 1024 / 1024);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The API's production command: apps/api's `start` script, run directly (no package manager). */
function apiStartCommand(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(API_DIR, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const script = pkg.scripts?.start;
  if (!script) throw new Error('apps/api/package.json has no start script');
  return script;
}

/**
 * Resident memory of a process tree: the largest process (the server: tsx, when it runs the API,
 * is a small wrapper around a child node) and the whole tree.
 */
function treeRssBytes(rootPid: number): { largest: number; total: number } {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(entry);
      const ppid = Number(fields[1]);
      rss.set(pid, Number(fields[21]) * 4096);
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    } catch {
      // exited meanwhile
    }
  }
  let total = 0;
  let largest = 0;
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop()!;
    total += rss.get(pid) ?? 0;
    largest = Math.max(largest, rss.get(pid) ?? 0);
    stack.push(...(children.get(pid) ?? []));
  }
  return { largest, total };
}

// ---------------------------------------------------------------------------------------------
// Requests

/** An HS256 access token as the API signs them (auth plugin: sub = member id, role). */
function signToken(secret: string, memberId: string): string {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: memberId, role: 'member', iat: now, exp: now + 86_400 })}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

interface Page {
  list: Array<{ image_id: string }>;
  next_cursor?: string | null;
}

async function getPage(base: string, pathAndQuery: string, token?: string): Promise<Page> {
  const res = await fetch(base + pathAndQuery, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  if (!res.ok) throw new Error(`GET ${pathAndQuery}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Page;
}

const query = (params: Record<string, string | number>) =>
  '?' + new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/** The web's first-page query (apps/web gallery slice: page, limit, sort_by, run_type, seed). */
function pageOne(pathname: string, sort: Sort, extra: Record<string, string> = {}): string {
  return (
    pathname +
    query({
      page: 1,
      limit: GALLERY.pageSize,
      sort_by: sort,
      ...(sort === 'Randomize' ? { seed: RANDOM_SEED } : {}),
      ...extra,
    })
  );
}

/**
 * The cursor that opens page DEEP_PAGE, from the API itself: page DEEP_PAGE - 1 by offset (slow,
 * once) gives its next_cursor. Checked against page DEEP_PAGE by offset: the same ids.
 */
async function deepCursorPath(base: string, pathname: string, token: string, checks: string[]): Promise<string> {
  const params = { limit: GALLERY.pageSize, sort_by: 'Latest' };
  const before = await getPage(base, pathname + query({ ...params, page: DEEP_PAGE - 1 }), token);
  if (!before.next_cursor) throw new Error(`${pathname}: page ${DEEP_PAGE - 1} has no next_cursor (seed more images)`);
  const target = pathname + query({ ...params, page: DEEP_PAGE, cursor: before.next_cursor });
  const [byCursor, byOffset] = await Promise.all([
    getPage(base, target, token),
    getPage(base, pathname + query({ ...params, page: DEEP_PAGE }), token),
  ]);
  const same = byCursor.list.map((i) => i.image_id).join() === byOffset.list.map((i) => i.image_id).join();
  checks.push(
    `${same && byCursor.list.length === GALLERY.pageSize ? 'ok  ' : 'FAIL'} ${pathname} page ${DEEP_PAGE} by cursor = by offset`,
  );
  return target;
}

/** Randomize: the same seed gives the same pages, pages never repeat an image, another seed differs. */
async function checkRandomize(base: string, token: string): Promise<string> {
  const walk = async (seed: string, pages: number) => {
    const ids: string[][] = [];
    let cursor: string | null | undefined;
    for (let page = 1; page <= pages; page++) {
      const params = { page, limit: GALLERY.pageSize, sort_by: 'Randomize', seed, ...(cursor ? { cursor } : {}) };
      const result = await getPage(base, API_PATHS.publicImages + query(params), token);
      ids.push(result.list.map((i) => i.image_id));
      cursor = result.next_cursor;
    }
    return ids;
  };
  const pages = 5;
  const [first, second, other] = [
    await walk('stable-a', pages),
    await walk('stable-a', pages),
    await walk('stable-b', 1),
  ];
  const all = first.flat();
  const problems: string[] = [];
  if (first.some((p) => p.length !== GALLERY.pageSize)) problems.push('short page');
  if (JSON.stringify(first) !== JSON.stringify(second)) problems.push('same seed gave other pages');
  if (new Set(all).size !== all.length) problems.push(`${all.length - new Set(all).size} repeats across pages`);
  if (other[0]?.join() === first[0]?.join()) problems.push('another seed gave the same first page');
  const byPage = await getPage(
    base,
    API_PATHS.publicImages + query({ page: 2, limit: GALLERY.pageSize, sort_by: 'Randomize', seed: 'stable-a' }),
    token,
  );
  if (byPage.list.map((i) => i.image_id).join() !== first[1]?.join())
    problems.push('page=2 differs from cursor page 2');
  return problems.length
    ? `FAIL Randomize stability: ${problems.join('; ')}`
    : `ok   Randomize stability: same seed same ${pages} pages, no repeats, another seed differs`;
}

// ---------------------------------------------------------------------------------------------
// Load

async function load(
  url: string,
  opts: { connections: number; duration: number; token?: string; acceptEncoding?: string; missCache?: boolean },
): Promise<RunFigures> {
  const headers: Record<string, string> = {
    ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    ...(opts.acceptEncoding ? { 'accept-encoding': opts.acceptEncoding } : {}),
  };
  const { pathname, search } = new URL(url);
  let n = 0;
  const result = await autocannon({
    url,
    connections: opts.connections,
    duration: opts.duration,
    headers,
    ...(opts.missCache
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                path: `${pathname}${search}&seed=miss${n++}`,
              }),
            },
          ],
        }
      : {}),
  });
  const ok = result['2xx'];
  // With no answer at all autocannon reports latencies of 0: count them as never (Infinity).
  return {
    rps: ok / result.duration,
    p50: ok ? result.latency.p50 : Infinity,
    p99: ok ? result.latency.p99 : Infinity,
    bad: result.non2xx + result.errors,
  };
}

/**
 * Waits until no other session of the database is busy (the previous run's queries drained): three
 * idle looks in a row, since requests queued in the API's pool are invisible between two queries.
 */
async function waitForIdleDatabase(db: pg.Client, timeoutMs = 180_000): Promise<number> {
  const started = Date.now();
  let idleLooks = 0;
  for (;;) {
    const { rows } = await db.query(
      `SELECT count(*)::int AS busy FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()
          AND backend_type = 'client backend' AND state <> 'idle'`,
    );
    idleLooks = rows[0].busy === 0 ? idleLooks + 1 : 0;
    if (idleLooks >= 3) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error('the database stayed busy for 3 minutes');
    await sleep(250);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const fmtRps = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en') : n.toFixed(1));
const fmtPct = (n: number) => `${(n * 100).toFixed(n < 0.01 ? 3 : 1)}%`;
const fmtMs = (n: number) => (n === Infinity ? 'no answer' : n >= 1000 ? `${(n / 1000).toFixed(1)} s` : `${n} ms`);

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      embedded: { type: 'string' },
      rounds: { type: 'string', default: '3' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      only: { type: 'string' },
      out: { type: 'string' },
      /** Sent by the product's requests (a browser sends 'gzip, deflate, br'); the bare route ignores it. */
      'accept-encoding': { type: 'string' },
    },
  });
  const rounds = Number(values.rounds);
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const stops: Array<() => Promise<void>> = [];
  const cleanup = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));

  try {
    let databaseUrl = process.env.DATABASE_URL;
    if (values.embedded) {
      const server = await startEmbeddedPostgres({
        dataDir: path.resolve(process.env.INIT_CWD ?? process.cwd(), values.embedded),
        database: 'velvet_bench',
      });
      stops.push(server.stop);
      databaseUrl = server.url;
    }
    if (!databaseUrl) {
      throw new Error(
        'DATABASE_URL is not set: point it at a database filled by `pnpm bench:seed`, or pass --embedded <folder>',
      );
    }
    // The code under test may bring migrations the seeded database has not had yet.
    const { applied } = await applyMigrations(databaseUrl);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    stops.push(() => db.end());
    if (applied.length) {
      console.log(`applied migrations: ${applied.join(', ')}; vacuuming the gallery tables`);
      for (const table of ['images', 'likes', 'members', 'generation_runs'])
        await db.query(`VACUUM (ANALYZE) ${table}`);
    }
    const seeded = await db
      .query('SELECT max(images)::int AS images FROM _bench_seed')
      .catch(() => ({ rows: [{ images: null }] }));
    const imageCount = (await db.query('SELECT count(*)::int AS n FROM images')).rows[0].n as number;
    if (!seeded.rows[0]?.images) throw new Error('this database was not filled by `pnpm bench:seed`: run it first');

    let redisUrl = process.env.REDIS_URL;
    if (!redisUrl) {
      const redis = await startLocalRedis();
      stops.push(redis.stop);
      redisUrl = redis.url;
    }

    // The product, as production runs it.
    const jwtSecret = randomBytes(32).toString('hex');
    const apiPort = await findFreePort();
    const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'velvet-bench-storage-'));
    stops.push(async () => fs.rmSync(storageDir, { recursive: true, force: true }));
    const api = startChild(
      'api',
      'sh',
      ['-c', apiStartCommand()],
      API_DIR,
      {
        ...process.env,
        PATH: `${path.join(API_DIR, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(apiPort),
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        JWT_SECRET: jwtSecret,
        STORAGE_DIR: storageDir,
        SERVE_WEB: 'false',
      },
      apiPort,
    );
    stops.push(api.stop);
    await waitForHttp(`${api.url}/readyz`, api.child);

    const token = signToken(jwtSecret, BENCH.heavyEmail);
    console.log(
      `database: ${imageCount.toLocaleString('en')} images; API (production, ${apiStartCommand()}) at ${api.url}`,
    );

    // The reference: a bare Fastify route answering a real Explore page.
    const bodyFile = path.join(storageDir, 'explore-page.json');
    const sample = await fetch(api.url + pageOne(API_PATHS.publicImages, 'Latest'));
    const sampleBody = await sample.text();
    fs.writeFileSync(bodyFile, sampleBody);
    const startBare = async (name: string, nodeFlags: string[], env: NodeJS.ProcessEnv) => {
      const port = await findFreePort();
      const child = startChild(
        name,
        process.execPath,
        [...nodeFlags, path.join(HERE, 'bare-server.mjs')],
        path.join(REPO_ROOT, 'bench'),
        { ...process.env, ...env, NODE_ENV: 'production', PORT: String(port), BENCH_BODY_FILE: bodyFile },
        port,
      );
      stops.push(child.stop);
      await waitForHttp(`${child.url}/healthz`, child.child);
      return child;
    };
    const bare = await startBare('bare', [], {});
    const bareUrl = bare.url + pageOne(API_PATHS.publicImages, 'Latest');
    console.log(
      `bare Fastify at ${bare.url}, body ${sampleBody.length.toLocaleString('en')} bytes (a real Explore page)`,
    );

    // Targets; the deep cursors come from the API itself.
    const checks: string[] = [];
    const targets: Target[] = [
      ...SORTS.map((sort) => ({
        name: `guest Explore ${sort}`,
        group: 'guest' as const,
        path: pageOne(API_PATHS.publicImages, sort),
        auth: false,
      })),
      {
        name: `guest Explore Latest run_type=${FILTER_MODEL}`,
        group: 'guest',
        path: pageOne(API_PATHS.publicImages, 'Latest', { run_type: FILTER_MODEL }),
        auth: false,
      },
    ];
    const only = values.only?.split(',').map((s) => s.trim().toLowerCase());
    // Whole words: 'page 1' picks page 1, not page 1000.
    const wanted = (name: string) => !only || only.some((o) => `${name.toLowerCase()} `.includes(`${o} `));
    for (const [label, pathname] of [
      ['Explore', API_PATHS.publicImages],
      ['My Collections', API_PATHS.collectionImages],
      ['Liked Contents', API_PATHS.likedImages],
    ] as const) {
      targets.push({ name: `member ${label} page 1`, group: 'member', path: pageOne(pathname, 'Latest'), auth: true });
      targets.push({
        name: `member ${label} page 1, cache miss`,
        group: 'miss',
        path: pageOne(pathname, 'Latest'),
        auth: true,
        missCache: true,
      });
      if (wanted(`member ${label} page ${DEEP_PAGE}`)) {
        targets.push({
          name: `member ${label} page ${DEEP_PAGE}`,
          group: 'member',
          path: await deepCursorPath(api.url, pathname, token, checks),
          auth: true,
        });
      }
    }
    checks.push(await checkRandomize(api.url, token));
    for (const line of checks) console.log(line);
    const selected = targets.filter((t) => wanted(t.name));

    // Warm-up (JIT, connection pools), then the rounds: each product run right after a bare run.
    console.log(`warm-up, then ${rounds} rounds of ${selected.length} targets (-c ${connections} -d ${duration})`);
    await load(bareUrl, { connections, duration: 3 });
    await load(api.url + pageOne(API_PATHS.publicImages, 'Latest'), { connections, duration: 3 });
    await waitForIdleDatabase(db);

    const apiRss = { largest: 0, total: 0 };
    const bareRss = { largest: 0, total: 0 };
    const sampleRss = (pid: number | undefined, peak: { largest: number; total: number }) =>
      setInterval(() => {
        if (!pid) return;
        const now = treeRssBytes(pid);
        peak.largest = Math.max(peak.largest, now.largest);
        peak.total = Math.max(peak.total, now.total);
      }, 500);
    const results = new Map<string, Array<{ bare: RunFigures; product: RunFigures }>>();
    /** The API's peak RSS while each target ran (highest round): which load sets the memory figure. */
    const peakByTarget = new Map<string, number>();
    for (let round = 1; round <= rounds; round++) {
      for (const target of selected) {
        await waitForIdleDatabase(db);
        const bareTimer = sampleRss(bare.child.pid, bareRss);
        const bareFigures = await load(bareUrl, { connections, duration });
        clearInterval(bareTimer);
        await waitForIdleDatabase(db);
        const runRss = { largest: 0, total: 0 };
        const apiTimer = sampleRss(api.child.pid, runRss);
        const product = await load(api.url + target.path, {
          connections,
          duration,
          ...(target.auth ? { token } : {}),
          ...(target.missCache ? { missCache: true } : {}),
          ...(values['accept-encoding'] ? { acceptEncoding: values['accept-encoding'] } : {}),
        });
        clearInterval(apiTimer);
        apiRss.largest = Math.max(apiRss.largest, runRss.largest);
        apiRss.total = Math.max(apiRss.total, runRss.total);
        peakByTarget.set(target.name, Math.max(peakByTarget.get(target.name) ?? 0, runRss.largest));
        results.set(target.name, [...(results.get(target.name) ?? []), { bare: bareFigures, product }]);
        console.log(
          `  round ${round} ${target.name}: ${fmtRps(product.rps)} req/s (bare ${fmtRps(bareFigures.rps)}), ` +
            `p50 ${fmtMs(product.p50)}, p99 ${fmtMs(product.p99)}, API ${mibOf(runRss.largest)} MiB` +
            `${product.bad ? `, ${product.bad} errors/non-2xx` : ''}`,
        );
      }
    }

    // Let the last run's requests finish before anything is stopped.
    await waitForIdleDatabase(db);

    // The memory reference: the same bare route started as production starts the API (its node flags
    // and memory environment), under the same load, as many runs as a target has. The goal is in MiB;
    // this says what Fastify alone costs on this Node line with those settings.
    const bareLean = await startBare(
      'bare with the API flags',
      leanFlags(API_NODE_FLAGS),
      withCallerValues(API_MEMORY_ENV, process.env),
    );
    const bareLeanUrl = bareLean.url + pageOne(API_PATHS.publicImages, 'Latest');
    await load(bareLeanUrl, { connections, duration: 3 });
    const bareLeanRss = { largest: 0, total: 0 };
    const bareLeanTimer = sampleRss(bareLean.child.pid, bareLeanRss);
    for (let round = 1; round <= rounds; round++) await load(bareLeanUrl, { connections, duration });
    clearInterval(bareLeanTimer);
    await bareLean.stop();

    // The table.
    const rows: string[] = [];
    const summary = new Map<string, { rps: number; ratio: number; p99: number }>();
    for (const target of selected) {
      const runs = results.get(target.name) ?? [];
      const ratios = runs.map((r) => r.product.rps / r.bare.rps);
      const rps = median(runs.map((r) => r.product.rps));
      const bareRps = median(runs.map((r) => r.bare.rps));
      const ratio = median(ratios);
      const p50 = median(runs.map((r) => r.product.p50));
      const p99 = median(runs.map((r) => r.product.p99));
      const bad = runs.reduce((sum, r) => sum + r.product.bad, 0);
      summary.set(target.name, { rps, ratio, p99 });
      if (target.group === 'miss') {
        rows.push(
          `| ${target.name} | ${fmtRps(rps)} | ${fmtRps(bareRps)} | ${fmtPct(ratio)} (${fmtPct(Math.min(...ratios))}-${fmtPct(Math.max(...ratios))}) ` +
            `| ${fmtMs(p50)} | ${fmtMs(p99)} | ${bad} | for reference | |`,
        );
        continue;
      }
      const goal = GOALS[target.group];
      const met = ratio >= goal.ratio && p99 < goal.p99Ms && bad === 0;
      rows.push(
        `| ${target.name} | ${fmtRps(rps)} | ${fmtRps(bareRps)} | ${fmtPct(ratio)} (${fmtPct(Math.min(...ratios))}-${fmtPct(Math.max(...ratios))}) ` +
          `| ${fmtMs(p50)} | ${fmtMs(p99)} | ${bad} | >= ${goal.ratio * 100}%, p99 < ${goal.p99Ms} ms | ${met ? 'met' : 'NOT met'} |`,
      );
    }
    const extra: string[] = [];
    // Randomize against the other sorts by each one's ratio to the bare route run beside it, not by raw
    // req/s: the sorts run minutes apart, and this machine's bare route moved 13-21k req/s between them.
    const random = summary.get('guest Explore Randomize');
    const others = SORTS.filter((s) => s !== 'Randomize')
      .map((s) => summary.get(`guest Explore ${s}`))
      .filter((v): v is { rps: number; ratio: number; p99: number } => v !== undefined);
    if (random && others.length) {
      const slowest = others.reduce((a, b) => (b.ratio < a.ratio ? b : a));
      const stable = checks.some((c) => c.startsWith('ok   Randomize'));
      const share = random.ratio / slowest.ratio;
      const met = share >= GOALS.randomizeVsOtherSorts && stable;
      extra.push(
        `| Randomize vs the slowest other sort (ratios to bare; req/s ${fmtRps(random.rps)} vs ${fmtRps(slowest.rps)}) ` +
          `| ${fmtPct(random.ratio)} vs ${fmtPct(slowest.ratio)} | | ${fmtPct(share)} | | | | ` +
          `>= ${GOALS.randomizeVsOtherSorts * 100}%, stable per seed | ${met ? 'met' : 'NOT met'} |`,
      );
    }
    const treeNote =
      apiRss.total > apiRss.largest + 1024 * 1024 ? `; ${mibOf(apiRss.total)} MiB with its launcher` : '';
    extra.push(
      `| API RSS under load (peak${treeNote}; bare Fastify ${mibOf(bareRss.largest)} MiB) | ${mibOf(apiRss.largest)} MiB | | | | | | ` +
        `<= ${GOALS.apiRssMiB} MiB | ${mibOf(apiRss.largest) <= GOALS.apiRssMiB ? 'met' : 'NOT met'} |`,
      `| API RSS vs the bare route with the API's node flags (${mibOf(bareLeanRss.largest)} MiB) | | | ` +
        `${(apiRss.largest / bareLeanRss.largest).toFixed(2)}x | | | | for reference | |`,
    );
    const table = [
      `${new Date().toISOString()}: ${imageCount.toLocaleString('en')} images, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), ` +
        `Node ${process.version}, autocannon -c ${connections} -d ${duration}, ${rounds} rounds (medians; ratio range in brackets)`,
      '',
      '| target | req/s | bare req/s | ratio to bare | p50 | p99 | errors | goal | |',
      '|---|---|---|---|---|---|---|---|---|',
      ...rows,
      ...extra,
      '',
      ...checks.map((c) => `- ${c}`),
      `- API peak RSS while each target ran (MiB, highest round): ` +
        [...peakByTarget].map(([name, bytes]) => `${name} ${mibOf(bytes)}`).join('; '),
    ].join('\n');
    console.log(`\n${table}\n`);
    if (values.out) fs.writeFileSync(values.out, table + '\n');
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
