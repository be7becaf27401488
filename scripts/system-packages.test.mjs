import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { installAdvice, missingTestPackages } from './system-packages.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'velvet-packages-'));
const bin = path.join(dir, 'bin');
fs.mkdirSync(bin);
const chromium = path.join(dir, 'chromium');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('missingTestPackages', () => {
  it('names redis-server and chromium when neither is there', () => {
    expect(missingTestPackages({ chromiumPath: chromium, pathEnv: bin })).toEqual(['redis-server', 'chromium']);
  });

  it('finds redis-server on PATH and chromium at its path', () => {
    fs.writeFileSync(path.join(bin, 'redis-server'), '');
    fs.writeFileSync(chromium, '');
    expect(missingTestPackages({ chromiumPath: chromium, pathEnv: `/nonexistent${path.delimiter}${bin}` })).toEqual([]);
  });
});

describe('installAdvice', () => {
  it('names the apt-get command and where chromium was looked for', () => {
    const advice = installAdvice(['chromium'], '/opt/none/chromium');
    expect(advice).toContain('sudo apt-get install -y chromium');
    expect(advice).toContain('/opt/none/chromium');
  });

  it('lists both packages in one command', () => {
    expect(installAdvice(['redis-server', 'chromium'])).toContain('sudo apt-get install -y redis-server chromium');
  });
});
