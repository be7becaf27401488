// Keyset paging shared by every support-console list: `cursor` is opaque (the API encodes the last
// row's sort key), `next_cursor` is null on the last page. Stable under inserts, unlike page numbers.
import { z } from 'zod';
import { zQuery, zQueryPage, zText } from '../common.ts';

export const CONSOLE_PAGE_DEFAULT = 50;
export const CONSOLE_PAGE_MAX = 100;

export const ZConsolePageQuery = z.object({
  cursor: zQuery(zText('cursor').max(200, { error: 'cursor is not valid' }).optional()),
  limit: zQueryPage('limit', CONSOLE_PAGE_MAX, CONSOLE_PAGE_DEFAULT),
});
export type TConsolePageQuery = z.input<typeof ZConsolePageQuery>;

/** `{ status: 'ok', items, next_cursor }` of one page of `item`. */
export function zConsolePage<T extends z.ZodType>(item: T) {
  return z.object({
    status: z.literal('ok'),
    items: z.array(item),
    next_cursor: z.string().nullable(),
  });
}
export type TConsolePage<T> = { status: 'ok'; items: T[]; next_cursor: string | null };
