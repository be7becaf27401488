import { describe, expect, it } from 'vitest';
import { createExpiringMap } from './expiring-map.ts';

describe('createExpiringMap', () => {
  it('gives a value only while in date', () => {
    const map = createExpiringMap<string, number>({ ttlMs: 100, max: 10 });
    map.set('a', 1, 1_000);
    expect(map.get('a', 1_099)).toBe(1);
    expect(map.get('a', 1_100)).toBeUndefined();
    expect(map.get('b', 1_000)).toBeUndefined();
  });

  it('lets the expired entries go as new ones are set, an entry set again counting from then', () => {
    const map = createExpiringMap<string, number>({ ttlMs: 100, max: 10 });
    map.set('a', 1, 0);
    map.set('b', 2, 50);
    map.set('a', 3, 60); // a is now in date until 160, after b (150)
    expect(map.size).toBe(2);
    map.set('c', 4, 155); // b has expired and goes; a has not
    expect(map.size).toBe(2);
    expect(map.get('a', 155)).toBe(3);
    expect(map.get('b', 155)).toBeUndefined();
    map.set('d', 5, 1_000); // a and c have expired
    expect(map.size).toBe(1);
    expect(map.get('d', 1_000)).toBe(5);
  });

  it('is emptied when full of entries in date, and forgets on delete and clear', () => {
    const map = createExpiringMap<string, number>({ ttlMs: 100, max: 3 });
    for (const [i, key] of ['a', 'b', 'c'].entries()) map.set(key, i, 0);
    expect(map.size).toBe(3);
    map.set('d', 9, 1);
    expect(map.size).toBe(1);
    expect(map.get('a', 1)).toBeUndefined();
    expect(map.get('d', 1)).toBe(9);
    map.delete('d');
    expect(map.get('d', 1)).toBeUndefined();
    map.set('e', 1, 1);
    map.clear();
    expect(map.size).toBe(0);
  });
});
