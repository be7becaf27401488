// POST /api/v2/images/make (bearer): the generation request of spec section 3. The schema cleans
// the prompt itself (cleanPrompt: a prompt the web sanitised passes unchanged, and no client can
// store a removed character or a control character), and accepts request_cnt and strength as numbers or numeric text because the original client sends
// text. Refusals the member should read (not enough coins, a refused prompt, a mute) are
// 200 { status: 'no', detail }. A control character in `details` (display text the server keeps as
// is) is a 400; in the prompt cleanPrompt removes it.
import { z } from 'zod';
import { LIMITS } from '../catalog.ts';
import { fieldError, zCount, zImageId, zOneOf, zRunId, zText } from '../common.ts';
import { FOURK_VALUES, MAX_IMAGES_PER_REQUEST, MODELS, STRENGTH, STYLES } from '../options.ts';
import { cleanPrompt, hasControlCharacters } from '../sanitize-prompt.ts';
import { RATIO_VALUES } from './image.ts';

const COUNT_EXPECTATION = `must be a whole number from 1 to ${MAX_IMAGES_PER_REQUEST}`;
const COUNT_MESSAGE = `request_cnt ${COUNT_EXPECTATION}`;
const STRENGTH_EXPECTATION = `must be a number from ${STRENGTH.min} to ${STRENGTH.max} in steps of ${STRENGTH.step}`;
const STRENGTH_MESSAGE = `strength ${STRENGTH_EXPECTATION}`;
const DIGITS = /^\d+$/;
const DECIMAL = /^\d*\.?\d+$/;
const TENTHS_TOLERANCE = 1e-9;

/** 'N' only: a new image is neither published nor claimed. */
const newFlag = (field: string) => z.literal('N', { error: `${field} must be 'N' for a new image` });

export const ZMakeImagesRequest = z
  .object({
    run_id: zRunId('run_id'),
    prompt: zText('prompt', { controlCharacters: 'allow' }) // cleanPrompt strips them (spec section 5)
      .max(LIMITS.promptMaxLength, { error: `prompt must be at most ${LIMITS.promptMaxLength} characters` })
      .transform(cleanPrompt)
      .pipe(z.string().min(1, { error: 'prompt must not be blank' })),
    run_type: zOneOf('run_type', MODELS),
    run_style: zOneOf('run_style', STYLES),
    run_ratio: zOneOf('run_ratio', RATIO_VALUES),
    /** Display text naming model, style and ratio; the server keeps it as is. */
    details: zText('details')
      .max(LIMITS.detailsMaxLength, { error: `details must be at most ${LIMITS.detailsMaxLength} characters` })
      .refine((text) => !hasControlCharacters(text), { error: 'details must not contain control characters' }),
    request_cnt: z
      .union([z.number(), z.string().trim().regex(DIGITS, { error: COUNT_MESSAGE })], {
        error: fieldError('request_cnt', COUNT_EXPECTATION),
      })
      .transform(Number)
      .pipe(
        z
          .number({ error: COUNT_MESSAGE })
          .int({ error: COUNT_MESSAGE })
          .min(1, { error: COUNT_MESSAGE })
          .max(MAX_IMAGES_PER_REQUEST, { error: COUNT_MESSAGE }),
      ),
    fourk_yn: zOneOf('fourk_yn', FOURK_VALUES),
    /** Sent as text such as '0.5'; parsed to a number rounded to one decimal. */
    strength: z
      .union([z.number(), z.string().trim().regex(DECIMAL, { error: STRENGTH_MESSAGE })], {
        error: fieldError('strength', STRENGTH_EXPECTATION),
      })
      .transform(Number)
      .pipe(
        z
          .number({ error: STRENGTH_MESSAGE })
          .min(STRENGTH.min, { error: STRENGTH_MESSAGE })
          .max(STRENGTH.max, { error: STRENGTH_MESSAGE })
          .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < TENTHS_TOLERANCE, { error: STRENGTH_MESSAGE })
          .transform((n) => Math.round(n * 10) / 10),
      ),
    is_open: newFlag('is_open'),
    is_claim: newFlag('is_claim'),
  })
  .meta({
    // An example for the API document (docs/api.md); examples.test.ts parses it with this schema.
    example: {
      run_id: 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6',
      prompt: 'a woman in a red dress on a balcony at night, city lights',
      run_type: 'Realistic',
      run_style: 'Free',
      run_ratio: 'Portrait',
      details: 'Realistic / Free / Portrait',
      request_cnt: 2,
      fourk_yn: 'no',
      strength: '0.5',
      is_open: 'N',
      is_claim: 'N',
    },
  });
export type TMakeImagesRequest = z.input<typeof ZMakeImagesRequest>;
export type TMakeImagesRequestParsed = z.output<typeof ZMakeImagesRequest>;

/** The spec's entity name for the same body. */
export const ZGenerationRequest = ZMakeImagesRequest;
export type TGenerationRequest = TMakeImagesRequest;
export type TGenerationRequestParsed = TMakeImagesRequestParsed;

export const ZMakeImagesOkResponse = z.object({
  status: z.literal('ok'),
  /** Balance after the cost was taken. */
  cur_tokens: zCount('cur_tokens'),
  /** run_id + 001..n, in serial order; each starts as processing. */
  image_ids: z.array(zImageId()),
});
export const ZMakeImagesNoResponse = z.object({
  status: z.literal('no'),
  /** Why nothing was generated, shown to the member as is. */
  detail: z.string(),
  cur_tokens: zCount('cur_tokens').optional(),
  /** Set when the member is muted from generating (repeated safety refusals): until when, ISO 8601 UTC. */
  muted_until: z.string().optional(),
});
export const ZMakeImagesResponse = z.discriminatedUnion('status', [ZMakeImagesOkResponse, ZMakeImagesNoResponse]);
export type TMakeImagesResponse = z.infer<typeof ZMakeImagesResponse>;
