import { describe, expect, it } from 'vitest';
import { uuidv7 } from './uuid7.ts';

describe('uuidv7', () => {
  it('is a version 7, variant 1 UUID carrying the time in its first 48 bits', () => {
    const at = Date.UTC(2026, 10, 25, 5, 0, 0, 123);
    const id = uuidv7(at + 10_000_000);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at + 10_000_000);
  });

  it('sorts in the order made, within one millisecond and across many', () => {
    const start = Date.now() + 20_000_000;
    const ids: string[] = [];
    // More than the 4,096 a millisecond holds, then the next milliseconds.
    for (let i = 0; i < 5_000; i += 1) ids.push(uuidv7(start));
    for (let i = 0; i < 3_000; i += 1) ids.push(uuidv7(start + 1 + Math.floor(i / 1_000)));
    // Also when the clock steps back: never an id that sorts before the previous one.
    ids.push(uuidv7(start - 5_000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
