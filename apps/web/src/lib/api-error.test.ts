import { describe, expect, it } from 'vitest';
import { apiFailureMessage, classifyApiError } from './api-error.ts';

const texts = { refused: 'refused', exception: 'exception' };

describe('classifyApiError', () => {
  it('a 4xx is refused, with its message when the body has one', () => {
    expect(classifyApiError({ status: 409, data: { status: 'error', message: 'Taken.' } })).toEqual({
      kind: 'refused',
      status: 409,
      message: 'Taken.',
    });
    expect(classifyApiError({ status: 429, data: 'Too Many Requests' })).toEqual({
      kind: 'refused',
      status: 429,
      message: null,
    });
    expect(classifyApiError({ status: 400, data: { message: '  ' } })).toMatchObject({ message: null });
  });

  it('network failures, unreadable bodies, 5xx and anything else are exceptions', () => {
    for (const error of [
      { status: 'FETCH_ERROR', error: 'x' },
      { status: 'PARSING_ERROR', originalStatus: 200, data: '<html>', error: 'x' },
      { status: 'TIMEOUT_ERROR', error: 'x' },
      { status: 500, data: { message: 'boom' } },
      new Error('x'),
      null,
      'oops',
    ]) {
      expect(classifyApiError(error)).toEqual({ kind: 'exception' });
    }
  });
});

describe('apiFailureMessage', () => {
  it('prefers the server message', () => {
    expect(apiFailureMessage({ status: 403, data: { message: 'No.' } }, texts)).toBe('No.');
    expect(apiFailureMessage({ status: 403, data: {} }, texts)).toBe('refused');
    expect(apiFailureMessage({ status: 503 }, texts)).toBe('exception');
  });
});
