import type SharpModule from 'sharp';
import { onFirstUse } from './on-first-use.ts';

export type Sharp = typeof SharpModule;

/**
 * sharp (libvips: ~23 MiB resident once loaded) imported on its first use. Only the worker and the
 * seed decode or draw pictures; the API process only names and serves their files, so it never loads
 * libvips (docs/performance.md, "Start time and API memory"). The worker loads it at start anyway, to
 * bound its cache (worker/sharp-limits.ts): the same module either way.
 */
export const loadSharp = onFirstUse(async (): Promise<Sharp> => (await import('sharp')).default);
