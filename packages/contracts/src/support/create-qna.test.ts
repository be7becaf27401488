import { describe, expect, it } from 'vitest';
import { ZCreateQnaRequest } from './create-qna.ts';

describe('ZCreateQnaRequest', () => {
  it('accepts a QNA request and trims contents', () => {
    expect(ZCreateQnaRequest.parse({ board_cd: 'QNA', board_title: 'billing', contents: '  Refund?  ' })).toEqual({
      board_cd: 'QNA',
      board_title: 'billing',
      contents: 'Refund?',
    });
  });

  it.each([
    ['board_cd', 'FAQ', "board_cd must be 'QNA'"],
    ['board_title', 'Billing Issues', 'board_title must be one of general, technical, billing or other'],
    ['board_title', undefined, 'board_title is required'],
    ['contents', ' \n ', 'contents must not be blank'],
    ['contents', 'x'.repeat(5001), 'contents must be at most 5000 characters'],
  ])('rejects %s=%j', (field, value, message) => {
    const result = ZCreateQnaRequest.safeParse({
      board_cd: 'QNA',
      board_title: 'general',
      contents: 'Hi',
      [field]: value,
    });
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message });
  });
});
