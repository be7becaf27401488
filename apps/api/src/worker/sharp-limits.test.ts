import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { boundSharpForWorker, WORKER_SHARP_LIMITS } from './sharp-limits.ts';

describe('boundSharpForWorker', () => {
  const defaults = { cache: sharp.cache(), concurrency: sharp.concurrency() };
  afterAll(() => {
    sharp.cache({
      memory: defaults.cache.memory.max,
      files: defaults.cache.files.max,
      items: defaults.cache.items.max,
    });
    sharp.concurrency(defaults.concurrency);
  });

  it("bounds libvips' operation cache to the worker's limits", () => {
    const applied = boundSharpForWorker();
    expect(applied.cache.memory.max).toBe(WORKER_SHARP_LIMITS.cacheMemoryMb);
    expect(applied.cache.files.max).toBe(WORKER_SHARP_LIMITS.cacheFiles);
    expect(applied.cache.items.max).toBe(WORKER_SHARP_LIMITS.cacheItems);
    expect(applied.cache.memory.max).toBeLessThan(defaults.cache.memory.max);
    expect(applied.cache.items.max).toBeLessThan(defaults.cache.items.max);
  });

  it('sets the threads per operation only when told', () => {
    expect(boundSharpForWorker({ ...WORKER_SHARP_LIMITS }).concurrency).toBe(defaults.concurrency);
    expect(boundSharpForWorker({ ...WORKER_SHARP_LIMITS, concurrency: 1 }).concurrency).toBe(1);
  });
});
