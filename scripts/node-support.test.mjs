import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { endOfLifeWarning, TARGET_NODE_MAJOR } from './node-support.mjs';

const day = (iso) => new Date(`${iso}T12:00:00Z`);

describe('endOfLifeWarning', () => {
  it('warns on Node 20 after 30 April 2026, naming the date and the target line', () => {
    const warning = endOfLifeWarning('20.20.2', day('2026-11-24'));
    expect(warning).toContain('Node 20.20.2 reached end of life on 2026-04-30');
    expect(warning).toContain(`Node ${TARGET_NODE_MAJOR} LTS`);
  });

  it('is quiet on Node 20 before its end of life', () => {
    expect(endOfLifeWarning('20.19.0', day('2026-04-29'))).toBeNull();
  });

  it('is quiet on the supported LTS lines', () => {
    expect(endOfLifeWarning('24.21.0', day('2026-11-24'))).toBeNull();
    expect(endOfLifeWarning('22.12.0', day('2026-11-24'))).toBeNull();
  });

  it('warns on an odd line once it is over', () => {
    expect(endOfLifeWarning('25.1.0', day('2026-11-24'))).toContain('end of life on 2026-06-01');
  });

  it('is quiet on a line newer than the table', () => {
    expect(endOfLifeWarning('40.0.0', day('2026-11-24'))).toBeNull();
  });
});

describe('the target Node line is the one everything names', () => {
  const root = path.resolve(import.meta.dirname, '..');
  it('.nvmrc', () => {
    expect(fs.readFileSync(path.join(root, '.nvmrc'), 'utf8').trim()).toBe(String(TARGET_NODE_MAJOR));
  });

  it('every stage of infra/Dockerfile', () => {
    const froms = fs
      .readFileSync(path.join(root, 'infra/Dockerfile'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('FROM '));
    expect(froms.length).toBeGreaterThan(0);
    for (const from of froms) expect(from).toMatch(new RegExp(`^FROM node:${TARGET_NODE_MAJOR}-`));
  });

  it('is a supported line today', () => {
    expect(endOfLifeWarning(`${TARGET_NODE_MAJOR}.0.0`)).toBeNull();
  });
});
