import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPausableTimer } from './pausable-timer.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('pausable timer', () => {
  it('fires after its duration', () => {
    const done = vi.fn();
    startPausableTimer(4000, done);
    vi.advanceTimersByTime(3999);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('does not fire while paused and keeps the time left', () => {
    const done = vi.fn();
    const timer = startPausableTimer(4000, done);
    vi.advanceTimersByTime(1500);
    timer.pause();
    expect(timer.paused).toBe(true);
    expect(timer.remainingMs).toBe(2500);
    vi.advanceTimersByTime(60_000);
    expect(done).not.toHaveBeenCalled();

    timer.resume();
    vi.advanceTimersByTime(2499);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('survives repeated pause and resume', () => {
    const done = vi.fn();
    const timer = startPausableTimer(1000, done);
    for (let i = 0; i < 3; i += 1) {
      vi.advanceTimersByTime(200);
      timer.pause();
      timer.pause();
      vi.advanceTimersByTime(5000);
      timer.resume();
      timer.resume();
    }
    expect(timer.remainingMs).toBe(400);
    vi.advanceTimersByTime(400);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('never fires once cancelled', () => {
    const done = vi.fn();
    const timer = startPausableTimer(1000, done);
    timer.cancel();
    vi.advanceTimersByTime(5000);
    timer.resume();
    vi.advanceTimersByTime(5000);
    expect(done).not.toHaveBeenCalled();
  });
});
