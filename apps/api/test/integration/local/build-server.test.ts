import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../src/config/env.ts';

const SCRIPT = path.join(REPO_ROOT, 'scripts/build-server.mjs');
const API_DIR = path.join(REPO_ROOT, 'apps/api');
const RUNNING_BUILD = path.join(API_DIR, 'src/lib/running-build.ts');

/** A small package like apps/api: src/ compiled by its tsconfig.build.json into dist/. */
function makePackage(files: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'velvet-build-'));
  fs.mkdirSync(path.join(dir, 'src'));
  for (let i = 0; i < files; i += 1) {
    fs.writeFileSync(path.join(dir, 'src', `m${i}.ts`), `export const value${i}: number = ${i};\n`);
  }
  fs.writeFileSync(path.join(dir, 'src', 'notes.json'), '{"asset":true}\n');
  fs.writeFileSync(
    path.join(dir, 'tsconfig.build.json'),
    JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'NodeNext', rootDir: 'src', outDir: 'dist', noCheck: true },
      include: ['src'],
    }),
  );
  return dir;
}

/** Runs `scripts/build-server.mjs <dir>`; resolves with its exit code. */
function build(dir: string): { exited: Promise<number | null> } {
  const child = spawn(process.execPath, [SCRIPT, dir], { stdio: 'ignore' });
  return { exited: new Promise((resolve) => child.once('exit', resolve)) };
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

// scripts/build-server.mjs <package>: the production build npm start runs when sources changed. A
// process starting while another builds must always find a complete dist/.
describe('server build (scripts/build-server.mjs)', () => {
  it('replaces dist/ in one step: the old build stays whole until the new one is complete', async () => {
    const dir = makePackage(200);
    const dist = path.join(dir, 'dist');
    // A checkout built before dist/ was a link: its folder is replaced by the first build.
    fs.mkdirSync(dist);
    fs.writeFileSync(path.join(dist, 'old.js'), 'export {};\n');
    expect(await build(dir).exited).toBe(0);
    expect(fs.lstatSync(dist).isSymbolicLink()).toBe(true);
    expect(fs.readdirSync(dist)).toHaveLength(201);
    const first = fs.readlinkSync(dist);
    fs.writeFileSync(path.join(dist, 'old.js'), 'export {};\n');

    // A second build while something looks at dist/ every few milliseconds.
    const { exited } = build(dir);
    let looks = 0;
    let missing = 0;
    let finished = false;
    void exited.then(() => (finished = true));
    while (!finished) {
      looks += 1;
      let names: string[] = [];
      try {
        names = fs.readdirSync(dist);
      } catch {
        // missing: counted below
      }
      // Either the old build or the whole new one, never nothing or a part.
      if (!(names.includes('old.js') || names.length === 201)) missing += 1;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(await exited).toBe(0);
    expect(looks).toBeGreaterThan(3);
    expect(missing).toBe(0);
    const built = fs.readdirSync(dist).sort();
    expect(built).toHaveLength(201);
    expect(built).toContain('notes.json');
    expect(built).not.toContain('old.js');
    // The build dist/ pointed at before is gone: only the link and the build it names are left.
    const current = fs.readlinkSync(dist);
    expect(current).not.toBe(first);
    expect(
      fs
        .readdirSync(dir)
        .filter((name) => name.startsWith('dist'))
        .sort(),
    ).toEqual(['dist', current]);
    // The compiled code runs through the link.
    const compiled = await import(pathToFileURL(path.join(dist, 'm7.js')).href);
    expect(compiled.value7).toBe(7);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the build a running process loaded from, until it exits, however many builds come after', async () => {
    const dir = makePackage(3);
    // Like a provider adapter: a module the program loads on first use, long after it started.
    fs.writeFileSync(path.join(dir, 'src', 'late.ts'), 'export const late: string = "loaded late";\n');
    fs.writeFileSync(path.join(dir, 'src', 'main.ts'), 'export const loadLate = () => import("./late.js");\n');
    expect(await build(dir).exited).toBe(0);
    const first = fs.readlinkSync(path.join(dir, 'dist'));

    // A program started from dist/ (as `npm start` starts the API), holding its build as the entries do.
    const program = [
      `import { holdRunningBuilds } from ${JSON.stringify(pathToFileURL(RUNNING_BUILD).href)};`,
      `const main = await import(${JSON.stringify(pathToFileURL(path.join(dir, 'dist/main.js')).href)});`,
      `const held = holdRunningBuilds([${JSON.stringify(pathToFileURL(path.join(dir, 'dist/main.js')).href)}]);`,
      'console.log(JSON.stringify(held));',
      'process.stdin.once("data", async () => { console.log((await main.loadLate()).late); process.stdin.pause(); });',
    ].join('\n');
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program], {
      cwd: API_DIR,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const lines: string[] = [];
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)));
    while (lines.length === 0 && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(JSON.parse(lines[0]!)).toEqual([fs.realpathSync(path.join(dir, first))]);
    expect(fs.readdirSync(path.join(dir, first, '.running'))).toEqual([String(child.pid)]);

    // Two builds while it runs: its build stays, the one between is removed.
    expect(await build(dir).exited).toBe(0);
    expect(await build(dir).exited).toBe(0);
    const third = fs.readlinkSync(path.join(dir, 'dist'));
    const builds = () =>
      fs
        .readdirSync(dir)
        .filter((name) => name.startsWith('dist'))
        .sort();
    expect(builds()).toEqual(['dist', first, third].sort());
    child.stdin.write('load\n');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    expect(lines[1]).toBe('loaded late');
    // Its marker went with it, and the next build removes the build it ran from.
    expect(fs.readdirSync(path.join(dir, first, '.running'))).toEqual([]);
    expect(await build(dir).exited).toBe(0);
    expect(builds()).toEqual(['dist', fs.readlinkSync(path.join(dir, 'dist'))]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("removes what builds that died left behind, and keeps a running build's folder", async () => {
    const dir = makePackage(3);
    const dead = await deadPid();
    const leftovers = [`dist.build-abc123-${dead}`, `dist.building-${dead}`, `dist.old-${dead}`];
    for (const name of leftovers) fs.mkdirSync(path.join(dir, name));
    fs.symlinkSync('nowhere', path.join(dir, `dist.link-${dead}`));
    const running = `dist.build-abc124-${process.pid}`;
    fs.mkdirSync(path.join(dir, running));

    expect(await build(dir).exited).toBe(0);
    const current = fs.readlinkSync(path.join(dir, 'dist'));
    expect(
      fs
        .readdirSync(dir)
        .filter((name) => name.startsWith('dist'))
        .sort(),
    ).toEqual(['dist', current, running].sort());
    expect(fs.readdirSync(path.join(dir, 'dist')).sort()).toEqual(['m0.js', 'm1.js', 'm2.js', 'notes.json']);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
