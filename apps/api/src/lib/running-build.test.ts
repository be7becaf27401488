import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildFolderOf, holdRunningBuilds, RUNNING_DIR } from './running-build.ts';

/** A package built as scripts/build-server.mjs builds it: dist -> dist.build-<time>-<pid>/. */
function builtPackage(): { dir: string; build: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'velvet-running-'));
  const build = path.join(dir, 'dist.build-mx1abc-4242');
  fs.mkdirSync(path.join(build, 'services'), { recursive: true });
  fs.writeFileSync(path.join(build, 'services', 'late.js'), 'export {};\n');
  fs.symlinkSync('dist.build-mx1abc-4242', path.join(dir, 'dist'), 'dir');
  return { dir, build: fs.realpathSync(build) };
}

describe('the build a process runs from (lib/running-build.ts)', () => {
  it('finds the build folder behind the dist link, and none for a module run from source', () => {
    const { dir, build } = builtPackage();
    expect(buildFolderOf(pathToFileURL(path.join(dir, 'dist/services/late.js')).href)).toBe(build);
    expect(buildFolderOf(import.meta.url)).toBeNull();
    expect(buildFolderOf(pathToFileURL(path.join(dir, 'dist/missing.js')).href)).toBeNull();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("leaves this process's pid in each build folder once, and nothing when run from source", () => {
    const { dir, build } = builtPackage();
    const url = pathToFileURL(path.join(dir, 'dist/services/late.js')).href;
    expect(holdRunningBuilds([url, url, import.meta.url])).toEqual([build]);
    expect(fs.readdirSync(path.join(build, RUNNING_DIR))).toEqual([String(process.pid)]);
    expect(holdRunningBuilds([import.meta.url])).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
