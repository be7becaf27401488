import { describe, expect, it } from 'vitest';
import { isValidEmail, isValidLoginPassword } from './credentials.ts';
import { ZRegisterRequest } from './register.ts';
import { ZSelfLoginRequest, ZSelfLoginResponse } from './self-login.ts';
import { ZSocialLoginRequest } from './social-login.ts';

const session = {
  member_id: 'ann@example.com',
  email: 'ann@example.com',
  nicname: 'Ann',
  picture: '',
  cur_tokens: 500,
  member_kind: 'free',
  token: 'jwt',
};

function firstIssue(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const first = result.error?.issues[0];
  return { path: first?.path.join('.'), message: first?.message };
}

describe('credential rules', () => {
  it.each([
    ['abc!123', true],
    ['abcdef!', true],
    ['!!!!!!a', true],
    ['abcdefg', false],
    ['ab!12', false],
    ['!@#$%^&', false],
  ])('login password %j -> %s', (password, ok) => {
    expect(isValidLoginPassword(password)).toBe(ok);
  });

  it('checks the email format without spaces', () => {
    expect(isValidEmail('ann@example.com')).toBe(true);
    expect(isValidEmail('ann @example.com')).toBe(false);
    expect(isValidEmail('ann')).toBe(false);
  });
});

describe('ZSelfLoginRequest', () => {
  it('lower-cases and trims the email', () => {
    expect(ZSelfLoginRequest.parse({ member_id: ' Ann@Example.com ', member_pwd: 'x' }).member_id).toBe(
      'ann@example.com',
    );
  });

  it('names member_id when it is not an email', () => {
    expect(firstIssue(ZSelfLoginRequest.safeParse({ member_id: 'ann', member_pwd: 'abc!123' }))).toEqual({
      path: 'member_id',
      message: 'member_id must be a valid email address',
    });
  });

  it('names member_pwd when it is missing or empty', () => {
    expect(firstIssue(ZSelfLoginRequest.safeParse({ member_id: 'a@b.co' }))).toEqual({
      path: 'member_pwd',
      message: 'member_pwd is required',
    });
    expect(firstIssue(ZSelfLoginRequest.safeParse({ member_id: 'a@b.co', member_pwd: '' })).path).toBe('member_pwd');
  });
});

describe('ZSelfLoginResponse', () => {
  it('accepts the session on ok, a message on nopwd, and no', () => {
    expect(ZSelfLoginResponse.parse({ status: 'ok', ...session })).toMatchObject({ status: 'ok', token: 'jwt' });
    expect(ZSelfLoginResponse.parse({ status: 'nopwd', message: 'Wrong password' }).status).toBe('nopwd');
    expect(ZSelfLoginResponse.parse({ status: 'no' }).status).toBe('no');
  });

  it('refuses ok without the session fields', () => {
    expect(ZSelfLoginResponse.safeParse({ status: 'ok' }).success).toBe(false);
  });
});

describe('ZRegisterRequest', () => {
  const valid = { member_id: 'ann@example.com', member_pwd: 'abc!123', nicname: ' Ann ', adult_attestation: true };

  it('accepts a valid body and trims the nickname', () => {
    expect(ZRegisterRequest.parse(valid)).toEqual({ ...valid, nicname: 'Ann' });
  });

  it.each(['Ann Lee', 'ann_lee-2.0', 'Zoë', '小林', 'Ника'])('accepts the nickname %j', (nicname) => {
    expect(ZRegisterRequest.safeParse({ ...valid, nicname }).success).toBe(true);
  });

  it.each([
    ['adult_attestation', false, 'adult_attestation must be true: you must confirm you are 18 or older'],
    ['adult_attestation', 'true', 'adult_attestation must be true: you must confirm you are 18 or older'],
    ['adult_attestation', undefined, 'adult_attestation must be true: you must confirm you are 18 or older'],
    [
      'member_pwd',
      'abcdefg',
      'member_pwd must be at least 7 characters and contain one of !@#$%^&* and a letter or digit',
    ],
    ['nicname', '   ', 'nicname must not be blank'],
    ['nicname', 'n'.repeat(31), 'nicname must be 2 to 30 characters'],
    ['nicname', 'x', 'nicname must be 2 to 30 characters'],
    ['nicname', 'a\nb', 'nicname must not contain control characters'],
    ['nicname', '<b>ann</b>', 'nicname may contain only letters, digits, spaces, dots, hyphens and underscores'],
    ['nicname', 'ann  lee', 'nicname must not contain consecutive spaces'],
    ['member_id', 'ann@', 'member_id must be a valid email address'],
  ])('rejects %s=%j with a message naming it', (field, value, message) => {
    expect(firstIssue(ZRegisterRequest.safeParse({ ...valid, [field]: value }))).toEqual({ path: field, message });
  });
});

describe('ZSocialLoginRequest', () => {
  it('needs googleToken and nonce, and tolerates absent or null hints', () => {
    expect(ZSocialLoginRequest.parse({ googleToken: 'id.token.sig', nonce: 'n', picture: null })).toMatchObject({
      googleToken: 'id.token.sig',
      nonce: 'n',
    });
    expect(firstIssue(ZSocialLoginRequest.safeParse({ email: 'a@b.co', nonce: 'n' }))).toEqual({
      path: 'googleToken',
      message: 'googleToken is required',
    });
    expect(firstIssue(ZSocialLoginRequest.safeParse({ googleToken: 'id.token.sig' }))).toEqual({
      path: 'nonce',
      message: 'nonce is required',
    });
  });
});
