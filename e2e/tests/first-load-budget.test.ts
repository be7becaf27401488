// Issue 11's budget for the first load of `/`: at most 150 KB gzip of JavaScript and CSS, counted as
// `pnpm bench:web` counts it, on the build these tests serve. A byte count, not a timing: a change
// that takes the first load over the line fails here, with the files to look at, rather than in the
// next benchmark (it happened once: docs/performance.md, "The VAST reader out of the first load").
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_GZIP_BUDGET_KB, firstLoadAssets } from '../support/first-load.ts';

const DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');

describe('first load of /', () => {
  it(`is at most ${FIRST_LOAD_GZIP_BUDGET_KB} KB gzip of JS and CSS`, () => {
    const assets = firstLoadAssets(DIST);
    const gzipKB = assets.reduce((sum, asset) => sum + asset.gzip, 0) / 1024;
    const largest = [...assets]
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 6)
      .map((asset) => `${asset.file} ${(asset.gzip / 1024).toFixed(1)} KB`)
      .join(', ');
    // Explore's route and the entry both count: an empty list would be a miscount, not a small load.
    expect(assets.some((asset) => asset.why === 'entry' && asset.file.endsWith('.js'))).toBe(true);
    expect(assets.some((asset) => asset.why === 'explore' && asset.file.endsWith('.js'))).toBe(true);
    expect(
      gzipKB,
      `first load ${gzipKB.toFixed(1)} KB gzip (largest: ${largest}); the splash ad's reader shows how to move what the first screen does not need into a chunk of its own`,
    ).toBeLessThanOrEqual(FIRST_LOAD_GZIP_BUDGET_KB);
  });
});
