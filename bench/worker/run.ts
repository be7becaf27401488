// `pnpm bench:worker`: the generation figures of issue 11, each next to a reference measured in the
// same run on the same machine.
//
// For each WORKER_CONCURRENCY (default 1 and 2) the product is started as `npm start` does
// (apps/api/src/local/stack.ts loaded compiled from apps/api/dist, so the API and the worker run as
// compiled JavaScript, with the worker's environment from stack.ts: embedded Postgres, local Redis,
// the API and the worker as child processes, no demo seed) on a throwaway data folder; each
// concurrency's stack (a "stage") keeps running until the end, idle while another stage works. Members
// sign up through the API (verified from the stack's mail outbox: 500 welcome coins, five 1-image
// generations each) and call POST /api/v2/images/make, learning of completion through their member
// event stream (GET /api/v2/events).
//   - one image, POST to complete (client clock), median of 21 after 10 warm-up generations (both
//     --singles and --warm-up), beside the provider's own time measured
//     in this process: drawing the demo picture + the local picture safety check (face ages) on it,
//     one round after each generation (interleaved), on the same picture; the goal's figure is the
//     ratio of the two medians (the median of each image's POST->complete / its picture's provider
//     time is printed beside it); where the time went is printed too (POST -> job
//     queued -> job started -> 'complete' event received);
//   - 50 images queued at once (--burst), in 3 rounds (--rounds) where the stages take turns (c=1,
//     c=2, c=1, c=2...): images/min and queue wait median (BullMQ's own timestamps: added ->
//     processedOn), the service time per job (processedOn -> finishedOn) and the CPU per image by
//     process; the throughput ratio is the median of each round's c=2 burst over the same round's c=1
//     burst;
//   - after the rounds, more generations on the last stage until its worker has made 200, then the
//     worker's RSS (the node process running apps/worker/src/main.ts) right after, its peak while busy
//     (sampled every 250 ms), and once idle: after SAFETY_FACE_IDLE_SECONDS + 5 s, when the local face
//     check's threads (and their WASM heaps) have ended; and each stage's API peak RSS during its bursts.
// Goals are printed with met / NOT met; none of them is asserted in a test.
//
// Options: --concurrency 1,2 (the values to run), --burst N (default 50), --rounds N (default 3),
// --total N (default 200),
// --json FILE (write the figures), --logs (the product's output, at LOG_LEVEL info), --source (the
// API and the worker from their TypeScript sources through tsx, as tests run them: no shared dist/
// that another checkout's build may rewrite mid-run). Environment
// variables reach the product: MALLOC_ARENA_MAX=16 (glibc's own default on 2 cores) measures the
// worker without the limit stack.ts gives it.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Queue } from 'bullmq';
import { generateRunId } from '@velvet/contracts/format';
import { RATIOS } from '@velvet/contracts/options';
import { redisConnection, QUEUE_NAMES } from '@velvet/api/jobs/queues';
import { findFreePort } from '@velvet/api/local/redis';
import type { RunningStack, startStack as StartStack } from '@velvet/api/local/stack';
import { createDemoProvider } from '@velvet/api/providers/image-model/demo';
import { createLocalFaceAgeEstimator } from '@velvet/api/providers/safety/face-age-local';

const GOALS = { postToCompleteRatio: 1.2, scalingEfficiency: 0.75, workerRssMiB: 300, apiRssMiB: 200 };
/** How long the worker's face-check threads live idle (the product's default unless set here). */
const FACE_IDLE_SECONDS = Number(process.env.SAFETY_FACE_IDLE_SECONDS ?? 60);
const IMAGES_PER_MEMBER = 5;
const PASSWORD = 'Velvet!2024';
const RATIO = 'Square' as const;
/** The settings of every make call; the provider meter draws with the same. */
const MAKE_SETTINGS = { run_type: 'Realistic', run_style: 'Free', strength: '0.5' } as const;

interface Args {
  concurrency: number[];
  burst: number;
  total: number;
  json: string | null;
  /** The product's own output on this terminal (LOG_LEVEL info). */
  logs: boolean;
  /** Run the API and the worker from their TypeScript sources (tsx) instead of compiled. */
  source: boolean;
  /** Generations before the singles, one at a time (the first loads the face model); as many meter rounds. */
  warmUp: number;
  /** Single generations whose median is POST->complete. */
  singles: number;
  /** Bursts per concurrency, the stages taking turns; the throughput ratio is the median of the rounds'. */
  rounds: number;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    concurrency: [1, 2],
    burst: 50,
    total: 200,
    json: null,
    logs: false,
    source: false,
    warmUp: 10,
    singles: 21,
    rounds: 3,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    const next = () => argv[++i] ?? '';
    if (flag === '--concurrency') args.concurrency = next().split(',').map(Number);
    else if (flag === '--burst') args.burst = Number(next());
    else if (flag === '--total') args.total = Number(next());
    else if (flag === '--json') args.json = next();
    else if (flag === '--logs') args.logs = true;
    else if (flag === '--source') args.source = true;
    else if (flag === '--warm-up') args.warmUp = Math.max(1, Number(next()));
    else if (flag === '--singles') args.singles = Math.max(1, Number(next()));
    else if (flag === '--rounds') args.rounds = Math.max(1, Number(next()));
  }
  return args;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const ms = (value: number) => `${value.toFixed(0)} ms`;
const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The product as `npm start` runs it: the server packages compiled (scripts/build-server.mjs, which
 * rebuilds only when their sources changed) and local/stack.ts loaded from apps/api/dist, so that the
 * API and the worker run as compiled JavaScript under plain node, not through tsx (which costs the
 * worker ~40 MiB and some CPU per job that production does not pay).
 */
async function loadCompiledStack(): Promise<typeof StartStack> {
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build-server.mjs')], { stdio: 'inherit' });
  const compiled = pathToFileURL(path.join(REPO_ROOT, 'apps/api/dist/local/stack.js')).href;
  const module = (await import(compiled)) as { startStack: typeof StartStack };
  return module.startStack;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');

// ---- processes ----

// Read from /proc, not by spawning `ps`: the RSS sampler runs every 250 ms during the burst, and a
// synchronous `ps` twice each time (until 2026-11-28) took CPU from the product it was measuring and
// stalled this process' event loop, which receives the completion events.

interface Proc {
  pid: number;
  ppid: number;
  /** The command's name (comm), e.g. `node`, `postgres`, `redis-server`. */
  name: string;
  /** CPU time in clock ticks: its own (utime + stime) and its reaped children's (cutime + cstime). */
  cpuTicks: number;
  childCpuTicks: number;
  rssKiB: number;
}

const PAGE_KIB = 4;
const CLOCK_TICKS_PER_S = 100;

function readProc(pid: number): Proc | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const name = stat.slice(stat.indexOf('(') + 1, close);
    // Fields after the name, numbered from 3 (state) as in proc(5).
    const f = stat.slice(close + 2).split(' ');
    const at = (n: number) => Number(f[n - 3]);
    return {
      pid,
      ppid: at(4),
      name,
      cpuTicks: at(14) + at(15),
      childCpuTicks: at(16) + at(17),
      rssKiB: at(24) * PAGE_KIB,
    };
  } catch {
    return null; // it ended between the listing and the read
  }
}

/** This process' descendants (not itself), with their command lines. */
function descendants(): Array<Proc & { args: string }> {
  const all = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => readProc(Number(entry)))
    .filter((p): p is Proc => p !== null);
  const mine = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all) {
      if (!mine.has(p.pid) && mine.has(p.ppid)) {
        mine.add(p.pid);
        grew = true;
      }
    }
  }
  return all
    .filter((p) => p.pid !== process.pid && mine.has(p.pid))
    .map((p) => {
      let args = '';
      try {
        args = fs.readFileSync(`/proc/${p.pid}/cmdline`, 'utf8').split('\0').join(' ');
      } catch {
        // ended meanwhile
      }
      return { ...p, args };
    });
}

// From the sources (tsx) or compiled (dist/), as local/stack.ts launches them.
const WORKER_SCRIPT = /\b(?:src\/main\.ts|dist\/main\.js)\b/;
const API_SCRIPT = /\b(?:src\/server\.ts|dist\/server\.js)\b/;

/**
 * The processes of one stage's stack. Both stages' stacks run side by side (their bursts alternate),
 * so a process is told apart by its ancestry: the processes that appeared while the stage's stack
 * started (its API, worker, postmaster, Redis) and whatever they fork later (PostgreSQL's backends).
 */
interface StageProcs {
  /** Every descendant of this process that existed before the stage's stack started (not its own). */
  before: Set<number>;
  /** The stack's own processes, found once it is up. */
  roots: Set<number>;
}

/** Whether `p` or one of its ancestors among `processes` is in `pids`. */
function descendsFrom(p: Proc, pids: Set<number>, processes: Map<number, Proc>): boolean {
  for (let at: Proc | undefined = p, hops = 0; at && hops < 16; at = processes.get(at.ppid), hops += 1) {
    if (pids.has(at.pid)) return true;
  }
  return false;
}

/** Descendants that belong to `stage`: a root of its own, or forked by one. */
function stageProcs(stage: StageProcs): Array<Proc & { args: string }> {
  const all = descendants();
  const byPid = new Map(all.map((p) => [p.pid, p]));
  return all.filter((p) => descendsFrom(p, stage.roots, byPid));
}

/** The stage's process whose command line matches `script` (the largest, past its launcher shell). */
function stageProcess(stage: StageProcs, script: RegExp): Proc | null {
  return (
    stageProcs(stage)
      .filter((p) => script.test(p.args))
      .sort((a, b) => b.rssKiB - a.rssKiB)[0] ?? null
  );
}
const workerRss = (stage: StageProcs) => (stageProcess(stage, WORKER_SCRIPT)?.rssKiB ?? 0) / 1024;
const apiRss = (stage: StageProcs) => (stageProcess(stage, API_SCRIPT)?.rssKiB ?? 0) / 1024;

type CpuRole = 'worker' | 'api' | 'postgres' | 'redis' | 'benchmark' | 'other';

/**
 * CPU time (ms) so far of every process of the stage's stack, by role: the worker, the API,
 * PostgreSQL (the postmaster with its backends, live and reaped), Redis, and this benchmark's own
 * process (the members' HTTP calls and event streams, and the sampler). A difference over a burst,
 * divided by its images, says where each image's CPU goes.
 */
function cpuByRole(stage: StageProcs): Record<CpuRole, number> {
  const totals: Record<CpuRole, number> = { worker: 0, api: 0, postgres: 0, redis: 0, benchmark: 0, other: 0 };
  for (const p of stageProcs(stage)) {
    const role: CpuRole = WORKER_SCRIPT.test(p.args)
      ? 'worker'
      : API_SCRIPT.test(p.args)
        ? 'api'
        : p.name.startsWith('postgres') || /\bpostgres\b/.test(p.args)
          ? 'postgres'
          : p.name.startsWith('redis')
            ? 'redis'
            : 'other';
    // A postmaster's reaped backends count in its children's time; nobody else here forks.
    totals[role] += ((p.cpuTicks + (role === 'postgres' ? p.childCpuTicks : 0)) * 1000) / CLOCK_TICKS_PER_S;
  }
  const own = process.cpuUsage();
  totals.benchmark = (own.user + own.system) / 1000;
  return totals;
}

// ---- the API as a member uses it ----

interface Member {
  token: string;
  /** image_id -> when its 'complete' (or 'failed' / 'held') event arrived. */
  done: Map<string, { status: string; at: number }>;
  waiters: Map<string, () => void>;
  close: () => void;
}

/** Undoes quoted-printable (soft line breaks, =XX bytes) in a mail the outbox wrote. */
function decodeQuotedPrintable(raw: string): string {
  return Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/**
 * Verifies a new member's address as they would: finds the verification mail to `email` in the
 * stack's .eml outbox (`<data folder>/mail`) and posts its token. The welcome coins come with it.
 */
async function verifyFromOutbox(origin: string, outboxDir: string, email: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const names = fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir).filter((n) => n.endsWith('.eml')) : [];
    for (const name of names) {
      const mail = decodeQuotedPrintable(fs.readFileSync(path.join(outboxDir, name), 'utf8'));
      if (!mail.toLowerCase().includes(`to: ${email}`)) continue;
      const token = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
      if (!token) continue;
      const response = await fetch(`${origin}/api/auth/verify-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      if (!response.ok) throw new Error(`verify-email failed: ${response.status} ${await response.text()}`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`no verification mail to ${email} in ${outboxDir}`);
    await sleep(100);
  }
}

async function register(origin: string, n: number, outboxDir: string): Promise<Member> {
  const tag = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}${n}`;
  const email = `bench-${tag}@bench.test`;
  const response = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      member_id: email,
      member_pwd: PASSWORD,
      nicname: `bench${tag}`.slice(0, 30),
      adult_attestation: true,
    }),
  });
  const body = (await response.json()) as { status: string; token: string; message?: string };
  if (body.status !== 'ok') throw new Error(`register failed: ${response.status} ${body.message}`);
  await verifyFromOutbox(origin, outboxDir, email);
  const member: Member = { token: body.token, done: new Map(), waiters: new Map(), close: () => undefined };
  await openEvents(origin, member);
  return member;
}

/** The member event stream: records when each image's final status arrives. */
async function openEvents(origin: string, member: Member): Promise<void> {
  const controller = new AbortController();
  const response = await fetch(`${origin}/api/v2/events`, {
    headers: { authorization: `Bearer ${member.token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`event stream: ${response.status}`);
  member.close = () => controller.abort();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('\n');
          if (!data) continue;
          const event = JSON.parse(data) as { type: string; image_id?: string; status?: string };
          if (event.type !== 'image.status' || !event.image_id || event.status === 'processing') continue;
          member.done.set(event.image_id, { status: event.status!, at: performance.now() });
          member.waiters.get(event.image_id)?.();
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  // Let the server subscribe before anything is made.
  await sleep(150);
}

let makeErrors = 0;
/** Set when the API or the worker exits during a run. */
let crashed: string | null = null;

async function make(
  origin: string,
  member: Member,
  prompt: string,
  attempt = 1,
): Promise<{ imageId: string; runId: string; at: number }> {
  const runId = generateRunId();
  const at = performance.now();
  const response = await fetch(`${origin}/api/v2/images/make`, {
    method: 'POST',
    headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      run_id: runId,
      prompt,
      ...MAKE_SETTINGS,
      run_ratio: RATIO,
      details: `${MAKE_SETTINGS.run_type}, ${MAKE_SETTINGS.run_style}, ${RATIO}`,
      request_cnt: 1,
      fourk_yn: 'no',
      is_open: 'N',
      is_claim: 'N',
    }),
  });
  const body = (await response.json()) as { status: string; image_ids?: string[]; detail?: string };
  if (response.status >= 500 && attempt < 3) {
    // Counted and printed: the API failing under a burst is a finding, not a reason to stop.
    makeErrors += 1;
    await sleep(500 * attempt);
    return make(origin, member, prompt, attempt + 1);
  }
  if (body.status !== 'ok' || !body.image_ids?.[0]) throw new Error(`make refused: ${JSON.stringify(body)}`);
  return { imageId: body.image_ids[0], runId, at };
}

/**
 * When the image's final status arrives on the member's event stream; the status is also polled every
 * 3 s in case an event is missed (then the poll's time counts).
 */
function completion(
  origin: string,
  member: Member,
  imageId: string,
  timeoutMs = 180_000,
): Promise<{ status: string; at: number }> {
  return new Promise((resolve, reject) => {
    const finish = () => {
      clearTimeout(timer);
      clearInterval(poll);
      member.waiters.delete(imageId);
      resolve(member.done.get(imageId)!);
    };
    const timer = setTimeout(() => {
      clearInterval(poll);
      reject(new Error(`image ${imageId} did not finish in ${timeoutMs} ms`));
    }, timeoutMs);
    const poll = setInterval(() => {
      if (crashed) {
        clearTimeout(timer);
        clearInterval(poll);
        return reject(new Error(crashed));
      }
      void fetch(`${origin}/api/v2/status/${imageId}`, { headers: { authorization: `Bearer ${member.token}` } })
        .then((response) => response.json() as Promise<{ status?: string }>)
        .then(({ status }) => {
          if (!status || status === 'processing' || member.done.has(imageId)) return;
          member.done.set(imageId, { status, at: performance.now() });
          finish();
        })
        .catch(() => undefined);
    }, 3000);
    if (member.done.has(imageId)) return finish();
    member.waiters.set(imageId, finish);
  });
}

async function members(origin: string, count: number, from: number, outboxDir: string): Promise<Member[]> {
  const made: Member[] = [];
  for (let i = 0; i < count; i += 1) made.push(await register(origin, from + i, outboxDir));
  return made;
}

/**
 * BullMQ's timestamps of a run's job (ms since the epoch, the product's clocks). The image's event is
 * published before its job returns, so the job may still be finishing: wait for finishedOn.
 */
async function jobStamps(queue: Queue, runId: string) {
  for (let tries = 0; ; tries += 1) {
    const job = await queue.getJob(runId);
    if (job?.finishedOn && job.processedOn) {
      return { added: job.timestamp, started: job.processedOn, ended: job.finishedOn };
    }
    if (tries >= 100) throw new Error(`job ${runId} did not finish`);
    await sleep(100);
  }
}

/** Queues `count` images at once across members (5 each) and waits for all of them. */
async function burst(origin: string, queue: Queue, pool: Member[], count: number, label: string) {
  const slots = pool.flatMap((member) => Array.from({ length: IMAGES_PER_MEMBER }, () => member)).slice(0, count);
  const made = await Promise.all(
    slots.map((member, i) => make(origin, member, `${label} picture ${i} of a calm lake`)),
  );
  const finished = await Promise.all(made.map(({ imageId }, i) => completion(origin, slots[i]!, imageId)));
  const failed = finished.filter((f) => f.status !== 'complete').length;
  const stamps = await Promise.all(made.map(({ runId }) => jobStamps(queue, runId)));
  const first = Math.min(...stamps.map((s) => s.added));
  const last = Math.max(...stamps.map((s) => s.ended));
  return {
    count,
    failed,
    imagesPerMin: count / ((last - first) / 60_000),
    queueWaitMedianMs: median(stamps.map((s) => s.started - s.added)),
    serviceMedianMs: median(stamps.map((s) => s.ended - s.started)),
  };
}

// ---- the provider's own time, in this process ----

/**
 * The provider's work for one image, timed in this process: the demo provider drawing the very picture
 * the product just drew (same prompt and settings, so the same pixels: the face check's time depends on
 * the picture, 60-180 ms across demo pictures), then the local picture safety check on it. Rounds are
 * interleaved with the product's single generations (one after each), so that both see the same
 * moments of a noisy machine; this process is idle while the product works, and the product is idle
 * while this runs.
 */
async function providerMeter(warmUpRounds: number) {
  const { width, height } = RATIOS[RATIO];
  const provider = createDemoProvider();
  // One thread: the product's check of one picture at a time, as the singles run.
  const estimator = createLocalFaceAgeEstimator({ threads: 1 });
  const draw: number[] = [];
  const check: number[] = [];
  const round = async (prompt: string) => {
    let t = performance.now();
    const [picture] = await provider.generate({
      runId: generateRunId(),
      prompt,
      model: MAKE_SETTINGS.run_type,
      style: MAKE_SETTINGS.run_style,
      width,
      height,
      strength: Number(MAKE_SETTINGS.strength),
      count: 1,
      upscale4k: false,
    });
    draw.push(performance.now() - t);
    t = performance.now();
    await estimator.estimate(picture!.data);
    check.push(performance.now() - t);
    // This picture's provider time (drawing + check).
    return draw.at(-1)! + check.at(-1)!;
  };
  // Warmed as the product is (the same number of pictures, the first loading the model); not counted.
  for (let i = 0; i < warmUpRounds; i += 1) await round(`warm-up picture ${i} of a calm lake`);
  draw.length = 0;
  check.length = 0;
  return {
    /** The provider's time for the picture of `prompt`, made with make()'s settings. */
    round,
    result: () => ({ drawMs: median(draw), checkMs: median(check), totalMs: median(draw) + median(check) }),
    close: () => estimator.close(),
  };
}

// ---- the stages: one stack per concurrency, side by side ----

let startStack: typeof StartStack;

/** One concurrency's stack, kept running while the other stages' bursts take their turns. */
interface Stage {
  concurrency: number;
  stack: RunningStack;
  queue: Queue;
  origin: string;
  /** The stack's mail outbox: STORAGE_DIR is <dataDir>/storage, so mails go to <dataDir>/mail. */
  outbox: string;
  dataDir: string;
  procs: StageProcs;
  /** Every member made for this stage (their event streams are closed at the end). */
  pool: Member[];
  /** Images this stage's worker has made. */
  generated: number;
  /** The next member number (e-mail tags stay apart). */
  nextMember: number;
  /** The worker's RSS after the warm-up (models loaded). */
  workerRssAtStartMiB: number;
  /** Peaks sampled during this stage's bursts. */
  apiPeakMiB: number;
  workerPeakMiB: number;
}

type BurstFigures = Awaited<ReturnType<typeof burst>> & { cpuPerImage: Record<CpuRole, number> };

async function newMembers(stage: Stage, count: number): Promise<Member[]> {
  const made = await members(stage.origin, count, stage.nextMember, stage.outbox);
  stage.nextMember += count;
  stage.pool.push(...made);
  return made;
}

/** Starts the product at `concurrency` and warms it up (one image at a time through the same path). */
async function openStage(concurrency: number, args: Args): Promise<Stage> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'velvet-bench-worker-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: args.logs ? 'info' : 'warn',
    WORKER_CONCURRENCY: String(concurrency),
    SERVE_WEB: 'false',
    AUTH_RATE_LIMIT_MAX_PER_IP: '100000',
    AUTH_RATE_LIMIT_MAX_PER_EMAIL: '100000',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.PORT;
  console.log(`\nWORKER_CONCURRENCY=${concurrency}: starting the product...`);
  const before = new Set(descendants().map((p) => p.pid));
  let stack: RunningStack;
  try {
    stack = await startStack({
      mode: 'start',
      port: await findFreePort(),
      dataDir,
      env,
      seedImages: 0,
      stdio: args.logs ? 'inherit' : 'ignore',
      log: () => undefined,
    });
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  // The stack's own processes: new since its start, and not forked by another stage's (a backend or
  // an autovacuum worker of the other stage's PostgreSQL may appear meanwhile).
  const now = descendants();
  const byPid = new Map(now.map((p) => [p.pid, p]));
  const roots = new Set(now.filter((p) => !descendsFrom(p, before, byPid)).map((p) => p.pid));
  const stage: Stage = {
    concurrency,
    stack,
    queue: new Queue(QUEUE_NAMES.generation, { connection: redisConnection(stack.redisUrl) }),
    origin: stack.url.replace('localhost', '127.0.0.1'),
    outbox: path.join(dataDir, 'mail'),
    dataDir,
    procs: { before, roots },
    pool: [],
    generated: 0,
    nextMember: 0,
    workerRssAtStartMiB: 0,
    apiPeakMiB: 0,
    workerPeakMiB: 0,
  };
  // A crashed API or worker fails the run at once instead of at the next timeout.
  void stack.exited.then(({ name, code }) => {
    crashed = `the ${name} process (WORKER_CONCURRENCY=${concurrency}) exited (code ${code})`;
  });
  try {
    // Warm-up, one at a time through the same path: the first picture loads the face model, and the
    // next ones bring the API's and the worker's JavaScript (the route, the prompt screen, Prisma) to
    // V8's optimised code, as in a product that has been running (with one warm-up, the singles'
    // make calls ran the lexicon screen at 1-3 ms instead of 0.4).
    const warmPool = await newMembers(stage, Math.ceil(args.warmUp / IMAGES_PER_MEMBER));
    for (let i = 0; i < args.warmUp; i += 1) {
      const member = warmPool[Math.floor(i / IMAGES_PER_MEMBER)]!;
      const w = await make(stage.origin, member, `warm-up picture ${i} of a calm lake`);
      await completion(stage.origin, member, w.imageId);
      stage.generated += 1;
    }
    await sleep(500);
    stage.workerRssAtStartMiB = workerRss(stage.procs);
  } catch (error) {
    await closeStage(stage);
    throw error;
  }
  return stage;
}

async function closeStage(stage: Stage): Promise<void> {
  for (const member of stage.pool) member.close();
  await stage.queue.close().catch(() => undefined);
  await stage.stack.stop();
  fs.rmSync(stage.dataDir, { recursive: true, force: true });
}

/**
 * One image at a time, POST to complete, each followed by one round of the provider's own work in
 * this process (the same picture); where the time went, from BullMQ's stamps.
 */
async function measureSingles(stage: Stage, args: Args) {
  const singlePool = await newMembers(stage, Math.ceil(args.singles / IMAGES_PER_MEMBER));
  const meter = await providerMeter(args.warmUp);
  const singles: number[] = [];
  const perImage: number[] = [];
  const phases = { toQueued: [] as number[], queuedToStarted: [] as number[], startedToEvent: [] as number[] };
  try {
    for (let i = 0; i < args.singles; i += 1) {
      const single = singlePool[Math.floor(i / IMAGES_PER_MEMBER)]!;
      const prompt = `single picture ${i} of a calm lake`;
      const m = await make(stage.origin, single, prompt);
      const done = await completion(stage.origin, single, m.imageId);
      const postToComplete = done.at - m.at;
      singles.push(postToComplete);
      stage.generated += 1;
      // Where the time went (wall clock; the product's and this process' clocks are the same machine's).
      const stamps = await jobStamps(stage.queue, m.runId);
      const postWall = performance.timeOrigin + m.at;
      phases.toQueued.push(stamps.added - postWall);
      phases.queuedToStarted.push(stamps.started - stamps.added);
      phases.startedToEvent.push(performance.timeOrigin + done.at - stamps.started);
      // The same picture's provider time: the per-image ratio compares each image with itself (the
      // check takes 60-180 ms depending on the picture).
      perImage.push(postToComplete / (await meter.round(prompt)));
    }
  } finally {
    await meter.close();
  }
  const provider = meter.result();
  const figures = {
    postToCompleteMs: median(singles),
    /** Median over the singles of POST->complete / the provider's time for the same picture (for reference). */
    perImageRatio: median(perImage),
    singlePhases: {
      postToQueuedMs: median(phases.toQueued),
      queuedToStartedMs: median(phases.queuedToStarted),
      startedToEventMs: median(phases.startedToEvent),
    },
    provider,
  };
  console.log(
    `  one image POST->complete: ${ms(figures.postToCompleteMs)} (median of ${singles.length}, after ${args.warmUp} warm-up generations); provider's own time ${ms(provider.totalMs)} = drawing ${ms(provider.drawMs)} + picture safety check ${ms(provider.checkMs)}: ${(figures.postToCompleteMs / provider.totalMs).toFixed(3)}x`,
  );
  console.log(
    `    per image, POST->complete / the provider's time for the same picture: median ${figures.perImageRatio.toFixed(3)}x (${perImage
      .map((r) => r.toFixed(2))
      .join(', ')})`,
  );
  const { postToQueuedMs, queuedToStartedMs, startedToEventMs } = figures.singlePhases;
  console.log(
    `    medians: POST -> job queued ${ms(postToQueuedMs)}, queued -> job started ${ms(queuedToStartedMs)}, started -> 'complete' event received ${ms(startedToEventMs)}`,
  );
  return figures;
}

/** `count` images queued at once on the stage's stack; its CPU by process, and its RSS peaks meanwhile. */
async function measuredBurst(stage: Stage, count: number, label: string): Promise<BurstFigures> {
  const burstPool = await newMembers(stage, Math.ceil(count / IMAGES_PER_MEMBER));
  const sample = () => {
    stage.apiPeakMiB = Math.max(stage.apiPeakMiB, apiRss(stage.procs));
    stage.workerPeakMiB = Math.max(stage.workerPeakMiB, workerRss(stage.procs));
  };
  sample();
  const sampler = setInterval(sample, 250);
  try {
    const cpuBefore = cpuByRole(stage.procs);
    const queued = await burst(stage.origin, stage.queue, burstPool, count, label);
    const cpuAfter = cpuByRole(stage.procs);
    sample();
    stage.generated += count;
    const cpuPerImage = Object.fromEntries(
      (Object.keys(cpuAfter) as CpuRole[]).map((role) => [role, (cpuAfter[role] - cpuBefore[role]) / count]),
    ) as Record<CpuRole, number>;
    return { ...queued, cpuPerImage };
  } finally {
    clearInterval(sampler);
  }
}

function printBurst(stage: Stage, round: number, b: BurstFigures) {
  const cpuTotal = Object.values(b.cpuPerImage).reduce((a, c) => a + c, 0);
  console.log(
    `  c=${stage.concurrency} round ${round}: ${b.count} queued: ${b.imagesPerMin.toFixed(0)} images/min, queue wait median ${ms(b.queueWaitMedianMs)}, service per job median ${ms(b.serviceMedianMs)}${b.failed ? `, ${b.failed} not complete` : ''}; CPU per image ${ms(cpuTotal)} = ${(
      Object.entries(b.cpuPerImage) as Array<[CpuRole, number]>
    )
      .filter(([, value]) => value >= 0.5)
      .map(([role, value]) => `${role} ${ms(value)}`)
      .join(' + ')}`,
  );
}

/** The mean CPU per image over several bursts, by role. */
function meanCpu(bursts: BurstFigures[]): Record<CpuRole, number> {
  const roles = Object.keys(bursts[0]!.cpuPerImage) as CpuRole[];
  return Object.fromEntries(
    roles.map((role) => [role, bursts.reduce((sum, b) => sum + b.cpuPerImage[role], 0) / bursts.length]),
  ) as Record<CpuRole, number>;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const cores = os.availableParallelism();
  startStack = args.source ? (await import('@velvet/api/local/stack')).startStack : await loadCompiledStack();
  console.log(`the API and the worker run ${args.source ? 'from their TypeScript sources (tsx)' : 'compiled'}`);
  console.log(`load average at start: ${loadAverage()}`);
  const stages: Stage[] = [];
  try {
    // Every stage's stack is started, warmed up and measured one image at a time in turn.
    const singles: Array<Awaited<ReturnType<typeof measureSingles>>> = [];
    for (const concurrency of args.concurrency) {
      const stage = await openStage(concurrency, args);
      stages.push(stage);
      singles.push(await measureSingles(stage, args));
    }
    // Then the bursts, the stages taking turns round after round: a throughput is compared with the
    // c=1 burst of its own round, minutes or seconds apart rather than a whole stage apart (the
    // machine's speed drifts; the figure is the median of the rounds' ratios).
    console.log(`\n${args.rounds} rounds of ${args.burst} queued at once, the stages in turn:`);
    const bursts: BurstFigures[][] = stages.map(() => []);
    for (let round = 1; round <= args.rounds; round += 1) {
      for (const [i, stage] of stages.entries()) {
        const b = await measuredBurst(stage, args.burst, `c${stage.concurrency}r${round}`);
        bursts[i]!.push(b);
        printBurst(stage, round, b);
      }
    }
    const rssAfterBursts = stages.map((stage) => workerRss(stage.procs));

    // The last stage's worker goes on to `total` generations, in waves the size of the burst.
    const last = stages.at(-1)!;
    for (let wave = 0; last.generated < args.total; wave += 1) {
      const count = Math.min(args.burst, args.total - last.generated);
      await measuredBurst(last, count, `rest${wave}`);
    }
    await sleep(1000);
    const rightAfterMiB = workerRss(last.procs);
    // Idle past SAFETY_FACE_IDLE_SECONDS: the face-check threads end and give their memory back.
    console.log(`  (waiting ${FACE_IDLE_SECONDS + 5} s with the worker idle...)`);
    await sleep((FACE_IDLE_SECONDS + 5) * 1000);
    const rssAfter = {
      generations: last.generated,
      workerMiB: rightAfterMiB,
      workerPeakMiB: last.workerPeakMiB,
      workerIdleMiB: workerRss(last.procs),
    };

    const results = stages.map((stage, i) => {
      const ofStage = bursts[i]!;
      return {
        concurrency: stage.concurrency,
        ...singles[i]!,
        bursts: ofStage.map(({ cpuPerImage: _cpu, ...figures }) => figures),
        imagesPerMin: median(ofStage.map((b) => b.imagesPerMin)),
        cpuPerImage: meanCpu(ofStage),
        apiPeakMiB: stage.apiPeakMiB,
        workerRssAtStartMiB: stage.workerRssAtStartMiB,
        workerRssAfterBurstsMiB: rssAfterBursts[i]!,
        rssAfter: stage === last ? rssAfter : null,
      };
    });
    console.log('');
    for (const r of results) {
      const cpuTotal = Object.values(r.cpuPerImage).reduce((a, c) => a + c, 0);
      console.log(
        `c=${r.concurrency}: ${r.imagesPerMin.toFixed(0)} images/min (median of ${r.bursts.length} bursts: ${r.bursts.map((b) => b.imagesPerMin.toFixed(0)).join(', ')}); CPU per image ${ms(cpuTotal)} (mean of the bursts); API peak RSS while queued ${r.apiPeakMiB.toFixed(0)} MiB; worker RSS ${r.workerRssAtStartMiB.toFixed(0)} MiB after its first pictures (models loaded), ${r.workerRssAfterBurstsMiB.toFixed(0)} MiB after the bursts`,
      );
    }
    if (makeErrors) console.log(`make calls answered 5xx and retried: ${makeErrors}`);

    const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log(`\nload average at the end: ${loadAverage()}`);
    console.log(`goals (${cores} cores):`);
    for (const r of results) {
      const ratio = r.postToCompleteMs / r.provider.totalMs;
      console.log(
        `  c=${r.concurrency} POST->complete <= ${GOALS.postToCompleteRatio}x the provider's time: ${ratio.toFixed(3)}x: ${met(ratio <= GOALS.postToCompleteRatio)} (median of the per-image ratios: ${r.perImageRatio.toFixed(3)}x)`,
      );
    }
    const baseIndex = results.findIndex((r) => r.concurrency === 1);
    for (const [i, r] of results.entries()) {
      if (baseIndex < 0 || i === baseIndex) continue;
      // Each round's burst against the c=1 burst of the same round.
      const ratios = bursts[i]!.map((b, round) => b.imagesPerMin / bursts[baseIndex]![round]!.imagesPerMin);
      const speedup = median(ratios);
      const ideal = Math.min(r.concurrency, cores);
      console.log(
        `  throughput at c=${r.concurrency} vs c=1: ${speedup.toFixed(3)}x (median of the rounds: ${ratios.map((x) => x.toFixed(3)).join(', ')}; ideal ${ideal}x, goal >= ${(ideal * GOALS.scalingEfficiency).toFixed(2)}x): ${met(speedup >= ideal * GOALS.scalingEfficiency)}`,
      );
    }
    const { generations, workerMiB, workerPeakMiB, workerIdleMiB } = rssAfter;
    // The goal's reading is the one right after the last generation (threads alive); the other two
    // are printed beside it so that neither the busy peak nor the idle floor hides.
    console.log(
      `  worker RSS <= ${GOALS.workerRssMiB} MiB after ${generations} generations (c=${last.concurrency}, read right after the last one): ${workerMiB.toFixed(0)} MiB: ${met(workerMiB <= GOALS.workerRssMiB)}`,
    );
    console.log(
      `    same worker: peak while busy ${workerPeakMiB.toFixed(0)} MiB (${workerPeakMiB <= GOALS.workerRssMiB ? 'within' : 'over'} ${GOALS.workerRssMiB}); once idle (face-check threads ended after ${FACE_IDLE_SECONDS} s) ${workerIdleMiB.toFixed(0)} MiB (${workerIdleMiB <= GOALS.workerRssMiB ? 'within' : 'over'} ${GOALS.workerRssMiB})`,
    );
    const apiPeak = Math.max(...results.map((r) => r.apiPeakMiB));
    console.log(
      `  API RSS under generation load <= ${GOALS.apiRssMiB} MiB: ${apiPeak.toFixed(0)} MiB: ${met(apiPeak <= GOALS.apiRssMiB)}`,
    );
    if (args.json) fs.writeFileSync(args.json, JSON.stringify(results, null, 2));
  } finally {
    for (const stage of stages.reverse()) await closeStage(stage).catch(() => undefined);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
