// Building blocks shared by every endpoint schema. Every message names its field: the API turns the
// first zod issue into 400 { status: 'error', message, field }, and the web shows the message as is.
import { z } from 'zod';
import { IMAGE_ID_PATTERN, RUN_ID_PATTERN } from './ids.ts';
import { MAX_IMAGES_PER_REQUEST, RUN_ID_LENGTH } from './options.ts';
import { noControlCharacters } from './text.ts';

type IssueLike = { readonly input?: unknown };

/** Error map: 'x is required' when the value is missing, otherwise 'x <expectation>'. */
export function fieldError(field: string, expectation: string): (issue: IssueLike) => string {
  return (issue) => (issue.input === undefined ? `${field} is required` : `${field} ${expectation}`);
}

export interface TextOptions {
  /**
   * 'refuse' (default): a control character other than tab, line feed and carriage return is a 400
   * naming the field (text.ts). 'allow': only for a field whose schema strips them (the prompt).
   */
  controlCharacters?: 'refuse' | 'allow';
}

/** A required string field. Checks added later need their own message. */
export function zText(field: string, options: TextOptions = {}) {
  const text = z.string({ error: fieldError(field, 'must be a string') });
  return options.controlCharacters === 'allow' ? text : text.refine(...noControlCharacters(field));
}

/** A required string that is non-blank after trimming, at most `max` characters. */
export function zNonBlank(field: string, max: number) {
  return zText(field)
    .trim()
    .min(1, { error: `${field} must not be blank` })
    .max(max, { error: `${field} must be at most ${max} characters` });
}

/** 'a, b or c', with '' shown as (empty). */
export function listValues(values: readonly string[]): string {
  const shown = values.map((value) => (value === '' ? '(empty)' : value));
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}` : (shown[0] ?? '');
}

/** One of a fixed set of values; the message lists them. */
export function zOneOf<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.enum(values, { error: fieldError(field, `must be one of ${listValues(values)}`) });
}

/** An email in a request: trimmed and lower-cased before the format check, so one address is one account. */
export function zEmail(field: string) {
  return zText(field)
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: `${field} must be a valid email address` }));
}

/** A query-string parameter: an empty value (`?status=`) counts as absent. */
export function zQuery<T extends z.ZodType>(schema: T) {
  return z.preprocess((value: unknown) => (value === '' ? undefined : value), schema);
}

/** A page number or page size in a query string: a whole number from 1 to `max`, `fallback` when absent. */
export function zQueryPage(field: string, max: number, fallback: number) {
  return zQuery(
    z.coerce
      .number({ error: `${field} must be a whole number` })
      .int({ error: `${field} must be a whole number` })
      .min(1, { error: `${field} must be at least 1` })
      .max(max, { error: `${field} must be at most ${max}` })
      .default(fallback),
  );
}

/** A count or balance in a response: a whole number, zero or more. */
export function zCount(field: string) {
  return z
    .number({ error: fieldError(field, 'must be a number') })
    .int({ error: `${field} must be a whole number` })
    .nonnegative({ error: `${field} must not be negative` });
}

export const ZYN = z.enum(['Y', 'N'], { error: "must be 'Y' or 'N'" });
export type TYN = z.infer<typeof ZYN>;

/** A Y/N flag whose message names the field. */
export function zYN(field: string) {
  return z.enum(['Y', 'N'], { error: fieldError(field, "must be 'Y' or 'N'") });
}

/** The one error body of the API (conventions): every 4xx/5xx that is not a spec-named status. */
export const ZErrorResponse = z.object({
  status: z.literal('error'),
  message: z.string(),
  field: z.string().optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

// The id patterns live in a zod-free module (the web's first paint uses them); exported here as before.
export { IMAGE_ID_PATTERN, IMAGE_SERIAL_LENGTH, RUN_ID_PATTERN } from './ids.ts';

export function zRunId(field = 'run_id') {
  return zText(field).regex(RUN_ID_PATTERN, {
    error: `${field} must be exactly ${RUN_ID_LENGTH} letters or digits`,
  });
}

export function zImageId(field = 'image_id') {
  return zText(field).regex(IMAGE_ID_PATTERN, {
    error: `${field} must be a ${RUN_ID_LENGTH}-character run_id followed by a serial 001 to 00${MAX_IMAGES_PER_REQUEST}`,
  });
}

export const ZRunId = zRunId();
export type TRunId = z.infer<typeof ZRunId>;
export const ZImageId = zImageId();
export type TImageId = z.infer<typeof ZImageId>;

/** Path params of every per-image call (/api/v2/image/likes/:image_id and friends). */
export const ZImageIdParams = z.object({ image_id: ZImageId });
export type TImageIdParams = z.infer<typeof ZImageIdParams>;
