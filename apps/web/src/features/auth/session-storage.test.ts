import { describe, expect, it } from 'vitest';
import { normalizeStoredUser } from './session-storage.ts';

describe('normalizeStoredUser', () => {
  it('keeps a complete user', () => {
    const user = {
      member_id: 'a@b.c',
      email: 'a@b.c',
      nicname: 'Luna',
      picture: 'p',
      cur_tokens: 5,
      member_kind: 'level1',
    };
    expect(normalizeStoredUser(user)).toEqual(user);
  });

  it('fills missing fields and fixes the balance', () => {
    expect(normalizeStoredUser({ email: 'a@b.c', cur_tokens: '1200' })).toEqual({
      member_id: 'a@b.c',
      email: 'a@b.c',
      nicname: '',
      picture: '',
      cur_tokens: 1200,
      member_kind: '',
    });
    expect(normalizeStoredUser({ member_id: 'x', cur_tokens: -3 })?.cur_tokens).toBe(0);
  });

  it('rejects what is not a user', () => {
    for (const value of [null, 'user', 42, [], {}, { nicname: 'no id' }]) expect(normalizeStoredUser(value)).toBeNull();
  });
});
