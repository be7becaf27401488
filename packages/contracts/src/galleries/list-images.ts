// GET /api/v1/images (public, no auth), GET /api/v2/images (own collection, bearer) and
// GET /api/v2/likeimages (liked, bearer): one query and one response for the three galleries.
//
// Query strings arrive as text, so numbers are accepted as numbers or digit strings, and an empty
// value counts as absent. run_type 'ALL' (the web's "no filter") is treated as absent rather than
// rejected: the spec says the web never sends it, and accepting it costs nothing and keeps an old or
// hand-written link working. sort_by '' falls back to Latest, as the spec says.
import { z } from 'zod';
import { GALLERY } from '../catalog.ts';
import { fieldError, listValues, zCount, zEmail } from '../common.ts';
import { ZImage } from '../images/image.ts';
import { DEFAULT_SORT, MODELS, type Model, SORTS } from '../options.ts';
import { noControlCharacters } from '../text.ts';

const DIGITS = /^\s*\d+\s*$/;
const SEED = /^[A-Za-z0-9_-]{1,64}$/;

const isAbsent = (value: unknown): boolean => value === undefined || (typeof value === 'string' && value.trim() === '');

function queryInt(field: string, min: number, max: number, fallback: number) {
  const message =
    max === Number.MAX_SAFE_INTEGER
      ? `${field} must be a whole number of ${min} or more`
      : `${field} must be a whole number from ${min} to ${max}`;
  return z
    .union([z.number(), z.string()], { error: message })
    .optional()
    .transform((value) => {
      if (value === undefined || isAbsent(value)) return fallback;
      return typeof value === 'number' ? value : DIGITS.test(value) ? Number(value) : Number.NaN;
    })
    .pipe(
      z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }),
    );
}

const RUN_TYPE_FILTERS = ['ALL', '', ...MODELS] as const;

export const ZListImagesRequest = z.object({
  page: queryInt('page', 1, Number.MAX_SAFE_INTEGER, 1),
  limit: queryInt('limit', 1, GALLERY.maxPageSize, GALLERY.pageSize),
  sort_by: z
    .enum(['', ...SORTS], { error: fieldError('sort_by', `must be one of ${listValues(SORTS)}`) })
    .optional()
    .transform((value) => value || DEFAULT_SORT),
  /** A model; 'ALL' or '' mean no filter and parse to undefined. */
  run_type: z
    .enum(RUN_TYPE_FILTERS, { error: fieldError('run_type', `must be one of ${listValues(['ALL', ...MODELS])}`) })
    .optional()
    .transform((value): Model | undefined => (value === 'ALL' || value === '' ? undefined : value)),
  /** Only this member's images; '' means absent. */
  member_id: z
    .string({ error: 'member_id must be a valid email address' })
    .optional()
    .transform((value) => (isAbsent(value) ? undefined : value))
    .pipe(zEmail('member_id').optional()),
  /** Stable order for Randomize across pages; the client picks it once per gallery visit. */
  seed: z
    .union([z.number().int().nonnegative(), z.string()], { error: 'seed must be up to 64 letters, digits, - or _' })
    .optional()
    .transform((value) => (isAbsent(value) ? undefined : String(value).trim()))
    .pipe(z.string().regex(SEED, { error: 'seed must be up to 64 letters, digits, - or _' }).optional()),
  /** Opaque position from a previous response's next_cursor; when present it wins over page. */
  cursor: z
    .string({ error: 'cursor must be a string' })
    .max(512, { error: 'cursor must be at most 512 characters' })
    .refine(...noControlCharacters('cursor'))
    .optional()
    .transform((value) => value || undefined),
});
export type TListImagesRequest = z.input<typeof ZListImagesRequest>;
export type TListImagesRequestParsed = z.output<typeof ZListImagesRequest>;

export const ZListImagesQuery = ZListImagesRequest;
export type TListImagesQuery = TListImagesRequest;
export type TListImagesQueryParsed = TListImagesRequestParsed;

export const ZListImagesResponse = z.object({
  /** One page; React keys are image_id. An empty list means there is no more. */
  list: z.array(ZImage),
  total_count: zCount('total_count'),
  /** Cursor for the next page; null or absent when the page was the last one. */
  next_cursor: z.string().nullish(),
});
export type TListImagesResponse = z.infer<typeof ZListImagesResponse>;
