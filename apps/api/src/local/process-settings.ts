// How the API and the worker run in production: their node flags and the environment that bounds
// their memory (docs/performance.md, "Start time and API memory" and "Worker"). stack.ts (`npm
// start`) takes them from here; the packages' start scripts, docker-compose.yml and the Dockerfile
// repeat them, and process-settings.test.ts fails when one of those copies differs.

/**
 * The API: WebAssembly (Prisma's query compiler) compiled by V8's baseline compiler only, a 4 MB
 * semi-space, an old generation of at most 160 MB (3x the live heap measured under load), no source
 * maps held in memory.
 */
export const API_NODE_FLAGS = [
  '--conditions=velvet-compiled',
  '--liftoff-only',
  '--max-semi-space-size=4',
  '--max-old-space-size=160',
];

/**
 * The worker: compiled, three memory settings and one for its garbage collector (docs/performance.md, "Worker"):
 * - a WebAssembly tier-up budget 100x V8's (Node 20; 14x Node 24's): Prisma's query compiler, which
 *   runs briefly per query, stays on V8's baseline code instead of being recompiled by the optimising
 *   compiler (that cost the worker ~45 MB: the optimised code, and 20-30 MB left in malloc's heap by
 *   the compilation). tfjs' kernels in the face check run long enough to be optimised all the same
 *   (the API's `--liftoff-only` would slow the check by 40%); images/min at WORKER_CONCURRENCY=1 were
 *   ~4% lower in the runs with the budget, close to the runs' spread;
 * - a 2 MB semi-space: the main thread's young generation otherwise grew to ~24 MB while busy and was
 *   kept until the worker went idle, although its JavaScript allocates little (the pictures are
 *   buffers outside the heap);
 * - no source maps held in memory (as the API): ~5 MB in the main thread and as much in the face thread;
 * - the old generation may grow to twice what the last full GC kept before the next: V8's own choice for
 *   a heap this small (~31 MB live) put its limit so close that the main thread was marking again after
 *   every picture (~15 ms of marking each, some steps of 8-14 ms on an image's path); now none in the
 *   singles of a benchmark run, ~12 ms of CPU less per image, for ~10 MB more at the busy peak
 *   (docs/performance.md, "The worker's heap, marked after every picture").
 */
export const WORKER_NODE_FLAGS = [
  '--conditions=velvet-compiled',
  '--max-semi-space-size=2',
  '--wasm-tiering-budget=180000000',
  '--heap-growing-percent=100',
];

/**
 * At most 2 glibc malloc arenas (compression and the pools' threads otherwise grow one each), and
 * every allocation of 32 KiB or more in a mapping of its own, returned to the system when freed. Under
 * load on the signed-in pages glibc's main heap otherwise grew by ~28 MiB, in holes it keeps (a
 * threshold of 64 KiB changed nothing, so allocations of 32-64 KiB fragment it): 8-25 MiB less at the
 * peak in 10 pairs of runs, at the same speed within the noise (docs/performance.md, "What the API's
 * requests allocate").
 */
export const API_MEMORY_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '32768' } as const;

/**
 * At most 2 glibc malloc arenas (sharp's threads otherwise fragment one each), and every allocation of
 * 1 MiB or more in a mapping of its own, returned to the system when freed: left to itself, glibc
 * raises that threshold once the first 12 MiB picture buffer is freed and serves every later one from
 * its arenas, which keep the pages (docs/performance.md, "Worker"). Those mappings are fresh pages each
 * time, and faulting them in 4 KiB at a time cost each picture ~10 ms: glibc asks for transparent huge
 * pages on them (`hugetlb=1`; nothing happens where the kernel's THP is "never"), which halves the faults
 * and gave back about half of that time at the same memory.
 */
export const WORKER_MEMORY_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '1048576',
  GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1',
} as const;

/** `defaults`, each replaced by the value the caller's environment sets. */
export function withCallerValues(
  defaults: Readonly<Record<string, string>>,
  env: NodeJS.ProcessEnv,
): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(defaults).map(([name, value]) => [name, env[name] ?? value]));
}
