// A one-shot timer that can pause and resume, keeping the time that was left.

export interface PausableTimer {
  pause(): void;
  resume(): void;
  cancel(): void;
  readonly remainingMs: number;
  readonly paused: boolean;
}

export interface TimerClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: TimerClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function startPausableTimer(
  durationMs: number,
  onDone: () => void,
  clock: TimerClock = realClock,
): PausableTimer {
  let remaining = Math.max(0, durationMs);
  let startedAt = clock.now();
  let handle: unknown = null;
  let paused = false;
  let finished = false;

  const run = () => {
    startedAt = clock.now();
    handle = clock.setTimeout(() => {
      finished = true;
      handle = null;
      remaining = 0;
      onDone();
    }, remaining);
  };
  run();

  return {
    pause() {
      if (paused || finished) return;
      paused = true;
      if (handle !== null) clock.clearTimeout(handle);
      handle = null;
      remaining = Math.max(0, remaining - (clock.now() - startedAt));
    },
    resume() {
      if (!paused || finished) return;
      paused = false;
      run();
    },
    cancel() {
      finished = true;
      if (handle !== null) clock.clearTimeout(handle);
      handle = null;
    },
    get remainingMs() {
      return paused || finished ? remaining : Math.max(0, remaining - (clock.now() - startedAt));
    },
    get paused() {
      return paused;
    },
  };
}
