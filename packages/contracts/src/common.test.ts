import { describe, expect, it } from 'vitest';
import { ZErrorResponse, ZImageId, ZImageIdParams, ZRunId, ZYN, listValues, zYN } from './common.ts';

const RUN_ID = '0123456789abcdefghijABCDEFGHIJxy';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.error?.issues[0]?.message;
}

describe('ZRunId', () => {
  it('accepts exactly 32 ASCII letters and digits', () => {
    expect(ZRunId.parse(RUN_ID)).toBe(RUN_ID);
  });

  it.each([
    ['31 characters', RUN_ID.slice(1)],
    ['33 characters', `${RUN_ID}a`],
    ['a dash', `${RUN_ID.slice(1)}-`],
    ['a non-ASCII letter', `${RUN_ID.slice(1)}é`],
    ['a space', ` ${RUN_ID.slice(1)}`],
  ])('rejects %s, naming run_id', (_name, value) => {
    expect(firstMessage(ZRunId.safeParse(value))).toBe('run_id must be exactly 32 letters or digits');
  });

  it('says run_id is required when missing', () => {
    expect(firstMessage(ZRunId.safeParse(undefined))).toBe('run_id is required');
    expect(firstMessage(ZRunId.safeParse(42))).toBe('run_id must be a string');
  });
});

describe('ZImageId', () => {
  it.each(['001', '002', '003', '004'])('accepts serial %s', (serial) => {
    expect(ZImageId.safeParse(RUN_ID + serial).success).toBe(true);
  });

  it.each(['000', '005', '010', '1', '0001', 'abc'])('rejects serial %s, naming image_id', (serial) => {
    expect(firstMessage(ZImageId.safeParse(RUN_ID + serial))).toMatch(/^image_id must be/);
  });

  it('names the param in path params', () => {
    const result = ZImageIdParams.safeParse({ image_id: 'nope' });
    expect(result.error?.issues[0]?.path).toEqual(['image_id']);
  });
});

describe('YN flags', () => {
  it('accept only upper-case Y and N', () => {
    expect(ZYN.parse('Y')).toBe('Y');
    expect(ZYN.safeParse('y').success).toBe(false);
    expect(firstMessage(zYN('is_open').safeParse(true))).toBe("is_open must be 'Y' or 'N'");
  });
});

describe('ZErrorResponse', () => {
  it('is status error with a message and an optional field', () => {
    expect(ZErrorResponse.parse({ status: 'error', message: 'x' })).toEqual({ status: 'error', message: 'x' });
    expect(ZErrorResponse.safeParse({ status: 'no', message: 'x' }).success).toBe(false);
  });
});

describe('listValues', () => {
  it('reads like a sentence and shows an empty value', () => {
    expect(listValues(['a', 'b', 'c'])).toBe('a, b or c');
    expect(listValues(['', 'monthly'])).toBe('(empty) or monthly');
    expect(listValues(['only'])).toBe('only');
  });
});
