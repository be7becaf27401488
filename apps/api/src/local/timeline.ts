// Where the seconds of `npm start` go. The launcher (scripts/velvet.mjs) passes the time it started
// as VELVET_START_T0 (ms since the epoch), so every offset here counts from the command, not from this
// process. One summary line is always printed once the product is ready; VELVET_START_TIMINGS=1 also
// prints each phase as it ends.
import { processEnvironment } from '../config/env.ts';

export interface StartTimeline {
  /** Runs `work` as the phase `name` (phases may overlap) and records when it started and ended. */
  phase<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** Records a phase measured elsewhere (e.g. by the launcher before this process existed). */
  record(name: string, startMs: number, endMs: number): void;
  /** Milliseconds since the start of the command. */
  now(): number;
  /** `ready in 2.9 s: launcher checks 0.21 s, postgres 0.95 s | redis 0.08 s, ...` */
  summary(label?: string): string;
}

function startOfCommand(env: NodeJS.ProcessEnv): number {
  const fromLauncher = Number(env.VELVET_START_T0);
  return Number.isFinite(fromLauncher) && fromLauncher > 0 ? fromLauncher : performance.timeOrigin;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export function createStartTimeline(
  opts: { env?: NodeJS.ProcessEnv; log?: (line: string) => void } = {},
): StartTimeline {
  const env = opts.env ?? processEnvironment();
  const t0 = startOfCommand(env);
  const verbose = env.VELVET_START_TIMINGS === '1' || env.VELVET_START_TIMINGS === 'true';
  const log = opts.log ?? ((line: string) => console.log(`[velvet] ${line}`));
  const phases: Array<{ name: string; start: number; end: number }> = [];
  const now = () => Date.now() - t0;

  const record = (name: string, start: number, end: number) => {
    phases.push({ name, start, end });
    if (verbose) log(`timing: ${name} ${seconds(end - start)} (${seconds(start)} -> ${seconds(end)})`);
  };

  return {
    now,
    record,
    async phase(name, work) {
      const start = now();
      try {
        return await work();
      } finally {
        record(name, start, now());
      }
    },
    summary(label = 'ready') {
      // Phases that overlapped in time are joined with '|'.
      const sorted = [...phases].sort((a, b) => a.start - b.start);
      const groups: Array<typeof phases> = [];
      let groupEnd = -Infinity;
      for (const p of sorted) {
        if (p.start < groupEnd && groups.length) groups[groups.length - 1]!.push(p);
        else groups.push([p]);
        groupEnd = Math.max(groupEnd, p.end);
      }
      const parts = groups.map((g) => g.map((p) => `${p.name} ${seconds(p.end - p.start)}`).join(' | '));
      return `${label} in ${seconds(now())}${parts.length ? `: ${parts.join(', ')}` : ''}`;
    },
  };
}
