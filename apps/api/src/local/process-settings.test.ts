// The production settings live in process-settings.ts; every other place that starts the API or the
// worker must repeat them exactly, or the process an operator runs is not the one measured.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '../config/env.ts';
import {
  API_MEMORY_ENV,
  API_NODE_FLAGS,
  WORKER_MEMORY_ENV,
  WORKER_NODE_FLAGS,
  withCallerValues,
} from './process-settings.ts';

const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** A start script `VAR=${VAR:-value} ... node <flags> dist/<entry>`: its defaults and node flags. */
function startScript(pkgDir: string, entry: string) {
  const script = (JSON.parse(read(`${pkgDir}/package.json`)) as { scripts: Record<string, string> }).scripts.start!;
  const command = script.slice(script.lastIndexOf('&&') + 2).trim();
  const env: Record<string, string> = {};
  const words = command.split(/\s+/);
  while (words[0] && words[0] !== 'node') {
    const match = /^(\w+)=\$\{(\w+):-([^}]+)\}$/.exec(words.shift()!);
    expect(match, `${pkgDir} start: "${command}"`).not.toBeNull();
    expect(match![2]).toBe(match![1]);
    env[match![1]!] = match![3]!;
  }
  expect(words.shift(), `${pkgDir} start runs node`).toBe('node');
  expect(words.at(-1)).toBe(entry);
  return { env, flags: words.slice(0, -1) };
}

const compose = parse(read('docker-compose.yml')) as {
  services: Record<string, { environment?: Record<string, unknown>; command?: string[] }>;
};

/** The variables of a compose service's environment that process-settings.ts names. */
function composeValues(service: string, names: string[]) {
  const environment = compose.services[service]?.environment ?? {};
  return Object.fromEntries(names.map((name) => [name, environment[name]]));
}

describe('production process settings', () => {
  it('the API: start script, Dockerfile and docker-compose.yml as in process-settings.ts', () => {
    const start = startScript('apps/api', 'dist/server.js');
    expect(start.flags).toEqual(API_NODE_FLAGS);
    expect(start.env).toEqual(API_MEMORY_ENV);
    const cmd = /^CMD (\[.*\])$/m.exec(read('infra/Dockerfile'));
    expect(JSON.parse(cmd![1]!)).toEqual(['node', ...API_NODE_FLAGS, 'dist/server.js']);
    expect(composeValues('api', Object.keys(API_MEMORY_ENV))).toEqual(API_MEMORY_ENV);
  });

  it('the worker: start script and docker-compose.yml as in process-settings.ts', () => {
    const start = startScript('apps/worker', 'dist/main.js');
    expect(start.flags).toEqual(WORKER_NODE_FLAGS);
    expect(start.env).toEqual(WORKER_MEMORY_ENV);
    expect(compose.services.worker?.command).toEqual(['node', ...WORKER_NODE_FLAGS, 'dist/main.js']);
    expect(composeValues('worker', Object.keys(WORKER_MEMORY_ENV))).toEqual(WORKER_MEMORY_ENV);
  });

  it("a value in the caller's environment wins over the default", () => {
    expect(withCallerValues(WORKER_MEMORY_ENV, { MALLOC_ARENA_MAX: '16', PATH: '/bin' })).toEqual({
      ...WORKER_MEMORY_ENV,
      MALLOC_ARENA_MAX: '16',
    });
  });
});

/** glibc's dynamic loader, as this Node process loaded it (null where Node does not run on glibc). */
function glibcLoader(): string | null {
  const report = process.report.getReport() as { sharedObjects?: string[] };
  return report.sharedObjects?.find((file) => /\/ld-linux[^/]*\.so/.test(file)) ?? null;
}

/** The glibc tunables a process started with `env` reads, by name (`ld.so --list-tunables`). */
function tunablesRead(env: Record<string, string>): Map<string, number> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('MALLOC_') && name !== 'GLIBC_TUNABLES'),
  );
  const listed = execFileSync(glibcLoader()!, ['--list-tunables'], { env: { ...clean, ...env }, encoding: 'utf8' });
  return new Map([...listed.matchAll(/^(glibc\.[\w.]+): (0x[0-9a-f]+|\d+)/gm)].map((m) => [m[1]!, Number(m[2])]));
}

/** The MALLOC_ variables glibc reads as tunables (glibc's manual, "Memory Allocation Tunables"). */
const MALLOC_VARIABLE_TUNABLES: Record<string, string> = {
  MALLOC_ARENA_MAX: 'glibc.malloc.arena_max',
  MALLOC_MMAP_THRESHOLD_: 'glibc.malloc.mmap_threshold',
  MALLOC_TRIM_THRESHOLD_: 'glibc.malloc.trim_threshold',
  MALLOC_TOP_PAD_: 'glibc.malloc.top_pad',
  MALLOC_MMAP_MAX_: 'glibc.malloc.mmap_max',
};

/** What each variable of `env` should set: tunable name -> value. */
function tunablesAsked(env: Record<string, string>): Map<string, number> {
  const asked = new Map<string, number>();
  for (const [name, value] of Object.entries(env)) {
    if (name === 'GLIBC_TUNABLES') {
      for (const setting of value.split(':')) {
        const [tunable, tunableValue] = setting.split('=');
        asked.set(tunable!, Number(tunableValue));
      }
    } else {
      expect(MALLOC_VARIABLE_TUNABLES, `${name} is not a variable glibc reads`).toHaveProperty(name);
      asked.set(MALLOC_VARIABLE_TUNABLES[name]!, Number(value));
    }
  }
  return asked;
}

// glibc ignores a tunable it does not know, and a variable it does not read, silently: a misspelt
// setting would leave the process as if it were not there. The loader lists what it actually read.
describe.runIf(glibcLoader() !== null)('the memory settings, as glibc reads them', () => {
  it.each([
    ['the API', API_MEMORY_ENV],
    ['the worker', WORKER_MEMORY_ENV],
  ])('%s: every variable reaches glibc with its value', (_process, env) => {
    const read = tunablesRead(env);
    for (const [tunable, value] of tunablesAsked(env))
      expect({ tunable, value: read.get(tunable) }).toEqual({ tunable, value });
  });

  it('an unknown tunable is not read (what the check above would catch)', () => {
    expect(tunablesRead({ GLIBC_TUNABLES: 'glibc.malloc.hugetbl=1' }).get('glibc.malloc.hugetlb')).toBe(0);
  });
});

/** Whether a .dockerignore excludes a path (Docker's rules: the last matching line wins, `**` any depth). */
function dockerExcludes(lines: string[], file: string): boolean {
  let excluded = false;
  for (const line of lines) {
    const keep = line.startsWith('!');
    const pattern = (keep ? line.slice(1) : line).replace(/^\/+|\/+$/g, '');
    let source = '';
    for (let i = 0; i < pattern.length; i += 1) {
      if (pattern.startsWith('**/', i)) {
        source += '(?:.*/)?';
        i += 2;
      } else if (pattern.startsWith('**', i)) {
        source += '.*';
        i += 1;
      } else if (pattern[i] === '*') source += '[^/]*';
      else if (pattern[i] === '?') source += '[^/]';
      else source += pattern[i]!.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
    // A pattern that names a folder excludes everything in it.
    if (new RegExp(`^${source}(?:/.*)?$`).test(file)) excluded = !keep;
  }
  return excluded;
}

describe('the Docker build context (.dockerignore)', () => {
  const lines = read('.dockerignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);

  it("leaves out what git ignores: a checkout's secrets, data, installs and builds", () => {
    // What this checkout has that git ignores (folders listed once), and what any checkout may have.
    const ignored = git('ls-files', '--others', '--ignored', '--exclude-standard', '--directory');
    const examples = [
      '.env',
      '.git/HEAD',
      '.data/postgres/PG_VERSION',
      '.data/storage/originals/a.webp',
      'node_modules/.pnpm/lock.yaml',
      'apps/api/node_modules/.bin/tsx',
      'apps/api/dist',
      'apps/api/dist.build-mx1abc-4242/server.js',
      'apps/api/dist.link-4242',
      'apps/web/dist/index.html',
      'apps/web/dist-server/first-screen.js',
      'apps/api/src/generated/prisma/client.ts',
    ];
    const kept = [...ignored.map((file) => file.replace(/\/$/, '')), ...examples].filter(
      (file) => !dockerExcludes(lines, file),
    );
    expect(kept).toEqual([]);
  });

  it('keeps every file git tracks (the image builds from them)', () => {
    const tracked = git('ls-files');
    expect(tracked.length).toBeGreaterThan(100);
    expect(tracked.filter((file) => dockerExcludes(lines, file))).toEqual([]);
  });
});
