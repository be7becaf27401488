// The opaque keyset cursor of the support console's lists (contracts admin/paging.ts): the last row's
// sort instant and id, base64url JSON. A cursor that does not decode is a 400 naming `cursor`.

/** 400 { field: 'cursor' } through the error handler (lib/ cannot use errors.ts's AppError). */
export class InvalidCursorError extends Error {
  readonly statusCode = 400;
  readonly field = 'cursor';
  constructor() {
    super('cursor is not valid: start again from the first page');
    this.name = 'InvalidCursorError';
  }
}

export interface ConsoleCursor {
  at: Date;
  id: string;
}

export function encodeConsoleCursor(cursor: ConsoleCursor): string {
  return Buffer.from(JSON.stringify([cursor.at.toISOString(), cursor.id])).toString('base64url');
}

export function decodeConsoleCursor(value: string): ConsoleCursor {
  const bad = () => new InvalidCursorError();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw bad();
  const [at, id] = parsed as unknown[];
  if (typeof at !== 'string' || typeof id !== 'string' || id.length === 0 || id.length > 200) throw bad();
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) throw bad();
  return { at: date, id };
}

/** The next_cursor of a page fetched with limit + 1 rows: null when nothing follows. */
export function nextConsoleCursor<T>(
  rows: T[],
  limit: number,
  key: (row: T) => ConsoleCursor,
): { items: T[]; next_cursor: string | null } {
  if (rows.length <= limit) return { items: rows, next_cursor: null };
  const items = rows.slice(0, limit);
  return { items, next_cursor: encodeConsoleCursor(key(items[items.length - 1]!)) };
}
