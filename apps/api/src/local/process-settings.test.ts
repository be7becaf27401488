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

/** The kernel's transparent huge page mode ("always", "madvise", "never"), or null where it has none. */
function transparentHugePages(): string | null {
  try {
    return /\[(\w+)\]/.exec(fs.readFileSync('/sys/kernel/mm/transparent_hugepage/enabled', 'utf8'))?.[1] ?? null;
  } catch {
    return null;
  }
}

/** kB of transparent huge pages in a node process that holds eight 6 MiB buffers, started with `env`. */
function hugePagesHoldingPictures(env: Record<string, string>): number {
  const script = `
    const held = [];
    for (let i = 0; i < 8; i += 1) held.push(Buffer.allocUnsafe(6 << 20).fill(1));
    const rollup = require('node:fs').readFileSync('/proc/self/smaps_rollup', 'utf8');
    process.stdout.write(/AnonHugePages:\\s+(\\d+) kB/.exec(rollup)[1]);`;
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('MALLOC_') && name !== 'GLIBC_TUNABLES'),
  );
  return Number(execFileSync(process.execPath, ['-e', script], { env: { ...clean, ...env }, encoding: 'utf8' }));
}

// glibc ignores a tunable it does not know, silently: this shows the worker's are spelled as glibc reads them.
describe.skipIf(process.platform !== 'linux' || !['always', 'madvise'].includes(transparentHugePages() ?? ''))(
  "the worker's malloc settings, in a process started with them",
  () => {
    it('puts picture-sized buffers on transparent huge pages', () => {
      expect(hugePagesHoldingPictures(WORKER_MEMORY_ENV)).toBeGreaterThan(0);
    });

    it.skipIf(transparentHugePages() !== 'madvise')(
      'which the kernel gives only when glibc asks (THP "madvise")',
      () => {
        const { GLIBC_TUNABLES: _asked, ...withoutTunables } = WORKER_MEMORY_ENV;
        expect(hugePagesHoldingPictures(withoutTunables)).toBe(0);
      },
    );
  },
);
