import sharp from 'sharp';

/**
 * sharp (libvips) settings for the worker process. Every picture the worker handles is new (drawn,
 * checked, resized into renditions, never read twice), so libvips' operation cache, by default up to
 * 50 MB of decoded pixels, 20 open files and 100 operations kept per process, only holds memory: it
 * is bounded to a few small entries. libvips' threads per operation are left at sharp's default: the
 * cores, except on glibc-based Linux without jemalloc, where sharp uses 1 (the worker already runs
 * WORKER_CONCURRENCY jobs side by side). Figures before/after: docs/performance.md ("Worker").
 */
export const WORKER_SHARP_LIMITS = {
  /** MB of libvips' operation cache. */
  cacheMemoryMb: 8,
  /** Open files kept by the cache (the worker reads no file twice). */
  cacheFiles: 0,
  /** Operations kept by the cache. */
  cacheItems: 8,
} as const;

export interface SharpLimits {
  cacheMemoryMb: number;
  cacheFiles: number;
  cacheItems: number;
  /** libvips threads per operation; left at sharp's default when undefined (see above). */
  concurrency?: number;
}

/** Applies the limits to this process' sharp; answers what sharp reports afterwards. */
export function boundSharpForWorker(limits: SharpLimits = WORKER_SHARP_LIMITS) {
  sharp.cache({ memory: limits.cacheMemoryMb, files: limits.cacheFiles, items: limits.cacheItems });
  if (limits.concurrency !== undefined) sharp.concurrency(limits.concurrency);
  return { cache: sharp.cache(), concurrency: sharp.concurrency() };
}
