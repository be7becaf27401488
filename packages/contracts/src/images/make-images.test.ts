import { describe, expect, it } from 'vitest';
import { sanitizePrompt } from '../sanitize-prompt.ts';
import { ZMakeImagesRequest, ZMakeImagesResponse, type TMakeImagesRequest } from './make-images.ts';

const RUN_ID = 'Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp';

const valid: TMakeImagesRequest = {
  run_id: RUN_ID,
  prompt: 'a woman in a "red" dress',
  run_type: 'Realistic',
  run_style: 'Free',
  run_ratio: 'Portrait',
  details: 'Realistic / Free / Portrait',
  request_cnt: 1,
  fourk_yn: 'no',
  strength: '0.5',
  is_open: 'N',
  is_claim: 'N',
};

function issue(body: Record<string, unknown>) {
  const result = ZMakeImagesRequest.safeParse(body);
  expect(result.success).toBe(false);
  const first = result.error?.issues[0];
  return { path: first?.path.join('.'), message: first?.message };
}

describe('ZMakeImagesRequest', () => {
  it('parses a valid request, cleaning the prompt and parsing strength', () => {
    const parsed = ZMakeImagesRequest.parse({ ...valid, prompt: ' a woman in a "red" <b>dress</b>$ ' });
    expect(parsed.prompt).toBe('a woman in a "red" bdress/b');
    expect(parsed.strength).toBe(0.5);
    expect(parsed.request_cnt).toBe(1);
  });

  it.each([
    [1, 1],
    ['4', 4],
    [' 2 ', 2],
  ])('accepts request_cnt %j as %d', (input, expected) => {
    expect(ZMakeImagesRequest.parse({ ...valid, request_cnt: input }).request_cnt).toBe(expected);
  });

  it.each([0, 5, '5', '', 'two', 1.5, '1.5', true, null])('rejects request_cnt %j, naming the field', (input) => {
    expect(issue({ ...valid, request_cnt: input })).toEqual({
      path: 'request_cnt',
      message: 'request_cnt must be a whole number from 1 to 4',
    });
  });

  it.each([
    ['0', 0],
    ['0.1', 0.1],
    ['.7', 0.7],
    ['1', 1],
    ['1.0', 1],
    [0.3, 0.3],
    [0.1 + 0.2, 0.3],
  ])('accepts strength %j as %d', (input, expected) => {
    expect(ZMakeImagesRequest.parse({ ...valid, strength: input }).strength).toBe(expected);
  });

  it.each(['0.55', '1.1', '-0.1', 2, '', 'abc', '1e-1', null])('rejects strength %j, naming the field', (input) => {
    expect(issue({ ...valid, strength: input })).toEqual({
      path: 'strength',
      message: 'strength must be a number from 0 to 1 in steps of 0.1',
    });
  });

  it('keeps the prompt the web sanitised as sent: curly quotes made plain stay, not bracketed (spec section 5)', () => {
    const sent = sanitizePrompt('a \u201Cfilm\u201D still, "neon" light');
    expect(sent).toBe('a "film" still, [neon] light');
    expect(ZMakeImagesRequest.parse({ ...valid, prompt: sent }).prompt).toBe(sent);
  });

  it('rejects a prompt that sanitises to nothing', () => {
    expect(issue({ ...valid, prompt: '  $$ | <> ' })).toEqual({ path: 'prompt', message: 'prompt must not be blank' });
  });

  it('rejects a prompt over 2000 characters', () => {
    expect(issue({ ...valid, prompt: 'a'.repeat(2001) })).toEqual({
      path: 'prompt',
      message: 'prompt must be at most 2000 characters',
    });
    expect(ZMakeImagesRequest.safeParse({ ...valid, prompt: 'a'.repeat(2000) }).success).toBe(true);
  });

  it.each([
    ['run_type', 'ALL', 'run_type must be one of Realistic, Manga, Animation or Hyper Anime'],
    ['run_type', 'Real CG', 'run_type must be one of Realistic, Manga, Animation or Hyper Anime'],
    ['run_style', 'free', 'run_style must be one of'],
    ['run_ratio', 'Wide', 'run_ratio must be one of Square, Landscape or Portrait'],
    ['fourk_yn', 'Y', 'fourk_yn must be one of yes or no'],
    ['is_open', 'Y', "is_open must be 'N' for a new image"],
    ['is_claim', 'Y', "is_claim must be 'N' for a new image"],
    ['run_id', 'abc', 'run_id must be exactly 32 letters or digits'],
  ])('rejects %s %j with a message naming it', (field, value, message) => {
    const found = issue({ ...valid, [field]: value });
    expect(found.path).toBe(field);
    expect(found.message).toContain(message);
  });

  it('says which field is missing', () => {
    const { prompt: _omitted, ...withoutPrompt } = valid;
    expect(issue(withoutPrompt)).toEqual({ path: 'prompt', message: 'prompt is required' });
  });
});

describe('ZMakeImagesResponse', () => {
  it('keeps the spec statuses ok and no', () => {
    expect(ZMakeImagesResponse.parse({ status: 'ok', cur_tokens: 400, image_ids: [`${RUN_ID}001`] }).status).toBe('ok');
    expect(ZMakeImagesResponse.parse({ status: 'no', detail: 'Not enough coins' }).status).toBe('no');
    expect(ZMakeImagesResponse.safeParse({ status: 'no' }).success).toBe(false);
    expect(ZMakeImagesResponse.safeParse({ status: 'error', detail: 'x' }).success).toBe(false);
  });
});
