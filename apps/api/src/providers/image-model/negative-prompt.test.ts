import { describe, expect, it } from 'vitest';
import { MANDATORY_NEGATIVE_TERMS, negativeTerms, withMandatoryNegative } from './negative-prompt.ts';

const MANDATORY = MANDATORY_NEGATIVE_TERMS.join(', ');

describe('mandatory negative prompt', () => {
  it('names minors in the words image models know', () => {
    for (const term of ['child', 'minor', 'underage', 'teen', 'loli', 'shota', 'kid', 'schoolgirl', 'toddler']) {
      expect(MANDATORY_NEGATIVE_TERMS).toContain(term);
    }
    expect(new Set(MANDATORY_NEGATIVE_TERMS.map((t) => t.toLowerCase())).size).toBe(MANDATORY_NEGATIVE_TERMS.length);
  });

  it('is sent alone when presets and configuration add nothing', () => {
    expect(withMandatoryNegative([])).toBe(MANDATORY);
    expect(withMandatoryNegative(['', undefined, ' , ,\n'], [])).toBe(MANDATORY);
  });

  it('comes first, then the parts in order and the extra terms, without repeating a term', () => {
    expect(
      withMandatoryNegative(['photo, 3d render', 'lowres,  Bad   anatomy, CHILD, photo'], ['watermark', 'Lowres']),
    ).toBe(`${MANDATORY}, photo, 3d render, lowres, Bad anatomy, watermark`);
  });

  it('drops terms that would steer the model away from adults, with or without emphasis', () => {
    expect(
      withMandatoryNegative(
        ['adult, (mature:1.2), ((Grown-Up)), [milf], Adult Woman, 18+, old man, wrinkles'],
        ['of age'],
      ),
    ).toBe(`${MANDATORY}, old man, wrinkles`);
  });

  it('splits a negative prompt into trimmed terms on commas and lines', () => {
    expect(negativeTerms(' blurry ,\nlow  quality,, ')).toEqual(['blurry', 'low quality']);
    expect(negativeTerms(undefined)).toEqual([]);
  });
});
