import { ZMakeImagesRequest } from '@velvet/contracts/images/make-images';
import { GENERATION_DEFAULTS, IMAGE_COUNTS } from '@velvet/contracts/options';
import { describe, expect, it } from 'vitest';
import {
  buildMakeImagesRequest,
  buildResendRequest,
  canSubmitPrompt,
  DEFAULT_GENERATION_SETTINGS,
  GENERATE_MESSAGES,
  generationDetails,
  makeFailureMessage,
  makeOutcome,
  normalizeStrength,
  ratioSizeText,
  settingsCost,
  type GenerationSettings,
} from './generation-request.ts';

const RUN_ID = 'abcdefghijklmnopqrstuvwxyz012345';

describe('generation settings', () => {
  it('start from the spec defaults: Realistic, Free, Portrait, 1 image, 0.5, 4k off', () => {
    expect(DEFAULT_GENERATION_SETTINGS).toEqual({
      model: 'Realistic',
      style: 'Free',
      ratio: 'Portrait',
      count: 1,
      strength: 0.5,
      fourk: false,
    });
    expect(GENERATION_DEFAULTS.fourk).toBe('no');
  });

  it('cost 100 coins per image, doubled with 4k', () => {
    expect(IMAGE_COUNTS.map((count) => settingsCost({ count, fourk: false }))).toEqual([100, 200, 300, 400]);
    expect(IMAGE_COUNTS.map((count) => settingsCost({ count, fourk: true }))).toEqual([200, 400, 600, 800]);
  });

  it('show the pixel size of each ratio', () => {
    expect(ratioSizeText('Portrait')).toBe('832 x 1216');
    expect(ratioSizeText('Landscape')).toBe('1216 x 832');
    expect(ratioSizeText('Square')).toBe('1024 x 1024');
  });

  it('snap the strength to tenths within 0..1', () => {
    expect(normalizeStrength(0.30000000000000004)).toBe(0.3);
    expect(normalizeStrength(1.7)).toBe(1);
    expect(normalizeStrength(-2)).toBe(0);
    expect(normalizeStrength(Number.NaN)).toBe(0.5);
  });

  it('disable Generate for a blank prompt', () => {
    expect(canSubmitPrompt('')).toBe(false);
    expect(canSubmitPrompt('   \n\t ')).toBe(false);
    expect(canSubmitPrompt('$|<>')).toBe(false);
    expect(canSubmitPrompt(' a cat ')).toBe(true);
  });
});

describe('buildMakeImagesRequest', () => {
  const settings: GenerationSettings = {
    model: 'Hyper Anime',
    style: 'Cowgirl Anal',
    ratio: 'Landscape',
    count: 3,
    fourk: true,
    strength: 0.7000000000000001,
  };

  it('builds the spec body: sanitised prompt, details, yes/no, strength as text, N flags', () => {
    const body = buildMakeImagesRequest('  a "red"   dress $5 \n by the <sea> ', settings, RUN_ID);
    expect(body).toEqual({
      run_id: RUN_ID,
      prompt: 'a [red] dress 5 by the sea',
      run_type: 'Hyper Anime',
      run_style: 'Cowgirl Anal',
      run_ratio: 'Landscape',
      details: 'Hyper Anime, Cowgirl Anal, Landscape',
      request_cnt: 3,
      fourk_yn: 'yes',
      strength: '0.7',
      is_open: 'N',
      is_claim: 'N',
    });
    expect(ZMakeImagesRequest.safeParse(body).success).toBe(true);
  });

  it('turns curly quotes into plain ones that stay, and the server keeps them (spec section 5)', () => {
    const body = buildMakeImagesRequest('a \u201Cfilm\u201D still, "neon" light', settings, RUN_ID);
    expect(body.prompt).toBe('a "film" still, [neon] light');
    expect(ZMakeImagesRequest.parse(body).prompt).toBe('a "film" still, [neon] light');
  });

  it('regenerates with the prompt as first sent, not sanitised again (its plain quotes stay)', () => {
    const first = buildMakeImagesRequest('a \u201Cfilm\u201D still', settings, RUN_ID);
    const again = buildResendRequest(first.prompt, settings, 'bcdefghijklmnopqrstuvwxyz0123456');
    expect(again).toEqual({ ...first, run_id: 'bcdefghijklmnopqrstuvwxyz0123456' });
    expect(again.prompt).toBe('a "film" still');
  });

  it('sends the defaults as the server expects them', () => {
    const body = buildMakeImagesRequest('a cat', DEFAULT_GENERATION_SETTINGS, RUN_ID);
    expect(body).toMatchObject({
      fourk_yn: 'no',
      strength: '0.5',
      request_cnt: 1,
      details: 'Realistic, Free, Portrait',
    });
    expect(ZMakeImagesRequest.parse(body)).toMatchObject({ strength: 0.5, request_cnt: 1 });
  });

  it('makes a fresh 32-character run_id each time when none is given', () => {
    const a = buildMakeImagesRequest('a cat', DEFAULT_GENERATION_SETTINGS).run_id;
    const b = buildMakeImagesRequest('a cat', DEFAULT_GENERATION_SETTINGS).run_id;
    expect(a).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(a).not.toBe(b);
  });

  it('names model, style and ratio in details', () => {
    expect(generationDetails({ model: 'Manga', style: 'Free', ratio: 'Square' })).toBe('Manga, Free, Square');
  });
});

describe('make outcome', () => {
  it('reads ok and no answers', () => {
    expect(makeOutcome({ status: 'ok', cur_tokens: 300, image_ids: [`${RUN_ID}001`] })).toEqual({
      kind: 'ok',
      balance: 300,
      imageIds: [`${RUN_ID}001`],
    });
    expect(makeOutcome({ status: 'no', detail: 'Not enough coins', cur_tokens: 50 })).toEqual({
      kind: 'refused',
      detail: 'Not enough coins',
      balance: 50,
    });
    expect(makeOutcome({ status: 'no', detail: 'x' })).toMatchObject({ balance: null });
  });

  it('shows the generic failure for exceptions and the server message for refusals', () => {
    expect(makeFailureMessage(new Error('boom'))).toBe(GENERATE_MESSAGES.failed);
    expect(makeFailureMessage({ status: 'FETCH_ERROR', error: 'x' })).toBe(GENERATE_MESSAGES.failed);
    expect(makeFailureMessage({ status: 500, data: { message: 'Internal' } })).toBe(GENERATE_MESSAGES.failed);
    expect(makeFailureMessage({ status: 401, data: { message: 'Login required' } })).toBe(GENERATE_MESSAGES.failed);
    expect(makeFailureMessage({ status: 400, data: { status: 'error', message: 'prompt must not be blank' } })).toBe(
      'prompt must not be blank',
    );
    expect(makeFailureMessage({ status: 503, data: { message: 'Image generation is unavailable right now.' } })).toBe(
      'Image generation is unavailable right now.',
    );
    expect(makeFailureMessage({ status: 409, data: { message: '  ' } })).toBe(GENERATE_MESSAGES.failed);
    expect(GENERATE_MESSAGES.failed).toBe('Failed to generate images. Please try again.');
  });
});
