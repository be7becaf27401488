import { describe, expect, it } from 'vitest';
import {
  SUPPORT_MESSAGES,
  clearFixedErrors,
  hasErrors,
  isSupportOption,
  supportRequest,
  validateSupport,
} from './support-form.ts';

describe('validateSupport', () => {
  it('needs a contact option and non-blank details', () => {
    expect(validateSupport({ option: '', details: '' })).toEqual({
      option: 'Please select a contact option',
      details: 'Please provide inquiry details',
    });
    expect(validateSupport({ option: 'billing', details: '  \n\t ' })).toEqual({
      details: SUPPORT_MESSAGES.detailsRequired,
    });
    expect(validateSupport({ option: 'nonsense', details: 'Hello' })).toEqual({
      option: SUPPORT_MESSAGES.optionRequired,
    });
    expect(validateSupport({ option: 'technical', details: 'It broke.' })).toEqual({});
  });

  it('hasErrors', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ details: 'x' })).toBe(true);
  });

  it('knows the four options', () => {
    for (const value of ['general', 'technical', 'billing', 'other']) expect(isSupportOption(value)).toBe(true);
    expect(isSupportOption('')).toBe(false);
  });
});

describe('clearFixedErrors', () => {
  const both = { option: SUPPORT_MESSAGES.optionRequired, details: SUPPORT_MESSAGES.detailsRequired };

  it('clears an error once its field is fixed and keeps the other', () => {
    expect(clearFixedErrors(both, { option: 'general', details: '' })).toEqual({
      details: SUPPORT_MESSAGES.detailsRequired,
    });
    expect(clearFixedErrors(both, { option: '', details: 'Now filled' })).toEqual({
      option: SUPPORT_MESSAGES.optionRequired,
    });
  });

  it('does not add errors the user has not been shown yet', () => {
    expect(clearFixedErrors({}, { option: '', details: '' })).toEqual({});
  });
});

describe('supportRequest', () => {
  it("is the spec's body: board_cd QNA, the option value as board_title, the details", () => {
    expect(supportRequest('billing', '  I was charged twice.\n\nThanks  ')).toEqual({
      board_cd: 'QNA',
      board_title: 'billing',
      contents: 'I was charged twice.\n\nThanks',
    });
  });
});
