import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../src/config/env.ts';

const SCRIPT = path.join(REPO_ROOT, 'scripts/build-server.mjs');

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

// scripts/build-server.mjs <package>: the production build npm start runs when sources changed. A
// process starting while another builds must always find a complete dist/.
describe('server build (scripts/build-server.mjs)', () => {
  it('replaces dist/ in one step: the old one stays whole until the new one is complete', async () => {
    const dir = makePackage(200);
    const dist = path.join(dir, 'dist');
    fs.mkdirSync(dist);
    fs.writeFileSync(path.join(dist, 'old.js'), 'export {};\n');

    const build = spawn(process.execPath, [SCRIPT, dir], { stdio: 'ignore' });
    const exited = new Promise<number | null>((resolve) => build.once('exit', resolve));
    let looks = 0;
    let missing = 0;
    let finished = false;
    void exited.then(() => (finished = true));
    while (!finished) {
      looks += 1;
      const names = fs.existsSync(dist) ? fs.readdirSync(dist) : [];
      // Either the old build or the whole new one, never nothing or a part.
      if (!(names.includes('old.js') || names.length === 201)) missing += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await exited).toBe(0);
    expect(looks).toBeGreaterThan(3);
    expect(missing).toBe(0);
    const built = fs.readdirSync(dist).sort();
    expect(built).toHaveLength(201);
    expect(built).toContain('notes.json');
    expect(built).not.toContain('old.js');
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('dist.'))).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
