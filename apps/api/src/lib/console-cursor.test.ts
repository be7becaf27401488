import { describe, expect, it } from 'vitest';
import { decodeConsoleCursor, encodeConsoleCursor, InvalidCursorError, nextConsoleCursor } from './console-cursor.ts';

describe('console cursor', () => {
  it('round-trips the instant and the id', () => {
    const cursor = { at: new Date('2026-11-24T05:40:00.123Z'), id: 'ann@example.test' };
    expect(decodeConsoleCursor(encodeConsoleCursor(cursor))).toEqual(cursor);
  });

  it.each([
    '',
    'nonsense',
    Buffer.from('{"a":1}').toString('base64url'),
    Buffer.from('["not a date","x"]').toString('base64url'),
    Buffer.from('["2026-01-01T00:00:00Z",""]').toString('base64url'),
  ])('refuses %j with a 400 naming cursor', (value) => {
    expect(() => decodeConsoleCursor(value)).toThrow(InvalidCursorError);
    try {
      decodeConsoleCursor(value);
    } catch (error) {
      expect(error).toMatchObject({ statusCode: 400, field: 'cursor' });
    }
  });

  it('gives a next cursor only when a row beyond the page was fetched', () => {
    const rows = [1, 2, 3].map((n) => ({ at: new Date(n * 1000), id: `r${n}` }));
    expect(nextConsoleCursor(rows, 3, (r) => r)).toEqual({ items: rows, next_cursor: null });
    const page = nextConsoleCursor(rows, 2, (r) => r);
    expect(page.items).toEqual(rows.slice(0, 2));
    expect(decodeConsoleCursor(page.next_cursor!)).toEqual(rows[1]);
  });
});
