#!/usr/bin/env node
// Compiles the API, the worker and the contracts they share to JavaScript, each package's src/ to its
// dist/, for `npm start` and the Docker image (production runs no TypeScript loader). tsc transpiles
// file by file (tsconfig.build.json: no type check, `pnpm typecheck` does that) and rewrites the
// sources' `.ts` import extensions to `.js`; workspace imports (@velvet/contracts/..., @velvet/api/...)
// reach the compiled files through the packages' `velvet-compiled` export condition, so the compiled
// programs run as `node --conditions=velvet-compiled dist/...`. Non-TypeScript files of src/ (JSON
// lexicons and presets) are copied beside the compiled code, which reads them by relative path.
//
//   node scripts/build-server.mjs            build the three packages when their inputs changed
//   node scripts/build-server.mjs --force    build them regardless
//   node scripts/build-server.mjs <dir>      build one package (its `pnpm build`), always
//
// Node builtins only. The inputs' hash is kept in apps/api/dist/.source-hash.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_PACKAGES = ['packages/contracts', 'apps/api', 'apps/worker'];
/** The node flags that make workspace imports resolve to compiled JavaScript. */
export const COMPILED_NODE_FLAGS = ['--conditions=velvet-compiled', '--enable-source-maps'];
const HASH_FILE = path.join(ROOT, 'apps/api/dist/.source-hash');
const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-server', '.turbo', 'coverage']);

function listFiles(dir, out = []) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listFiles(full, out);
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

/** sha256 over the relative paths and contents of files and folders (missing ones count as absent). */
export function hashInputs(inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const full = path.join(ROOT, input);
    const files = fs.existsSync(full) && fs.statSync(full).isDirectory() ? listFiles(full) : [full];
    for (const file of files.sort()) {
      if (!fs.existsSync(file)) continue;
      hash.update(path.relative(ROOT, file)).update('\0').update(fs.readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

function serverInputs() {
  const perPackage = SERVER_PACKAGES.flatMap((dir) => [
    `${dir}/src`,
    `${dir}/package.json`,
    `${dir}/tsconfig.json`,
    `${dir}/tsconfig.build.json`,
  ]);
  return [...perPackage, 'tsconfig.base.json', 'pnpm-lock.yaml', 'scripts/build-server.mjs'];
}

function copyAssets(srcDir, outDir) {
  for (const file of listFiles(srcDir)) {
    if (/\.(ts|tsx|mts|cts)$/.test(file)) continue;
    const target = path.join(outDir, path.relative(srcDir, file));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(file, target);
  }
}

/**
 * Compiles one package's src/ into a build folder of its own beside dist/ (dist.build-<time>-<pid>),
 * then points dist/ at it. dist/ is a symbolic link, and a new link renamed over it replaces it in one
 * step: a process starting meanwhile, or another `npm start` building the same checkout, finds the
 * old build or the new one, never a missing or half-written dist/ (it did: ERR_MODULE_NOT_FOUND). A
 * checkout whose dist/ is still a folder (built before dist/ was a link) moves it aside first: two
 * renames, once. The build dist/ pointed at before is removed, and so are builds of processes gone,
 * unless a process still runs from it (its `.running/<pid>` marker, apps/api/src/lib/running-build.ts):
 * such a process loads modules from it long after start.
 */
export function buildPackage(dir) {
  const pkgDir = path.resolve(ROOT, dir);
  const dist = path.join(pkgDir, 'dist');
  const name = `${BUILD_PREFIX}${Date.now().toString(36)}-${process.pid}`;
  const fresh = path.join(pkgDir, name);
  const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', path.join(pkgDir, 'tsconfig.build.json'), '--outDir', fresh], {
    cwd: pkgDir,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    fs.rmSync(fresh, { recursive: true, force: true });
    throw new Error(`compiling ${path.relative(ROOT, pkgDir) || '.'} failed`);
  }
  copyAssets(path.join(pkgDir, 'src'), fresh);

  const link = path.join(pkgDir, `dist.link-${process.pid}`);
  fs.rmSync(link, { force: true });
  fs.symlinkSync(name, link, 'dir');
  const before = fs.lstatSync(dist, { throwIfNoEntry: false });
  let previous = null;
  if (before?.isSymbolicLink()) previous = path.resolve(pkgDir, fs.readlinkSync(dist));
  else if (before) {
    previous = path.join(pkgDir, `dist.old-${process.pid}`);
    fs.renameSync(dist, previous);
  }
  fs.renameSync(link, dist);
  if (previous && !runFrom(previous)) fs.rmSync(previous, { recursive: true, force: true });
  removeAbandonedBuilds(pkgDir, name);
}

const BUILD_PREFIX = 'dist.build-';
/** Where a process running from a build leaves its pid (lib/running-build.ts; build-server.test.ts runs both). */
const RUNNING_DIR = '.running';
const BUILD_LEFTOVER = /^dist\.(?:build-[0-9a-z]+|building|old|link)-(\d+)$/;

function processRuns(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Whether a live process other than this one left its marker in a build folder (lib/running-build.ts). */
function runFrom(folder) {
  let pids;
  try {
    pids = fs.readdirSync(path.join(folder, RUNNING_DIR));
  } catch {
    return false;
  }
  return pids.some((name) => /^\d+$/.test(name) && Number(name) !== process.pid && processRuns(Number(name)));
}

/**
 * Build folders and links left by builds that died before their swap or were replaced since (their
 * builder is gone), except those a process still runs from.
 */
function removeAbandonedBuilds(pkgDir, keep) {
  const current = fs.lstatSync(path.join(pkgDir, 'dist'), { throwIfNoEntry: false })?.isSymbolicLink()
    ? fs.readlinkSync(path.join(pkgDir, 'dist'))
    : null;
  for (const entry of fs.readdirSync(pkgDir)) {
    const match = BUILD_LEFTOVER.exec(entry);
    if (!match || entry === keep || entry === current) continue;
    const pid = Number(match[1]);
    if (pid !== process.pid && processRuns(pid)) continue;
    if (runFrom(path.join(pkgDir, entry))) continue;
    fs.rmSync(path.join(pkgDir, entry), { recursive: true, force: true });
  }
}

/** Builds the server packages unless their inputs are those of the last build. Returns whether it built. */
export function ensureServerBuilt({ force = false, log = () => undefined } = {}) {
  const hash = hashInputs(serverInputs());
  const built = SERVER_PACKAGES.every((dir) => fs.existsSync(path.join(ROOT, dir, 'dist')));
  if (!force && built && fs.existsSync(HASH_FILE) && fs.readFileSync(HASH_FILE, 'utf8').trim() === hash) return false;
  log('compiling the API and the worker to JavaScript...');
  for (const dir of SERVER_PACKAGES) buildPackage(dir);
  fs.writeFileSync(HASH_FILE, `${hash}\n`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = process.argv[2];
  try {
    if (arg && arg !== '--force') buildPackage(path.resolve(arg));
    else ensureServerBuilt({ force: arg === '--force', log: (line) => console.log(`[build] ${line}`) });
  } catch (err) {
    console.error(`[build] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
