import { ZSessionResponse, ZSessionUser } from '@velvet/contracts/auth/session-user';
import { ZGetMemberResponse } from '@velvet/contracts/members/get-member';
import { describe, expect, it } from 'vitest';
import type { MemberRecord } from '../../repositories/member.repository.ts';
import { sessionResponse } from '../auth/session.ts';
import { toMemberResponse } from './member-response.ts';

const member: MemberRecord = {
  id: 'ada@example.test',
  nickname: null,
  picture: null,
  coinBalance: 120,
  memberKind: 'level2',
  role: 'member',
  passwordHash: 'hash',
  membershipExpiresAt: new Date('2026-12-01T00:00:00.000Z'),
  deletedAt: null,
  emailVerifiedAt: new Date('2026-01-01T00:00:00.000Z'),
  suspendedAt: null,
};

describe('toMemberResponse', () => {
  it('is the session user of the contracts, nothing more (its role, no hash)', () => {
    const body = toMemberResponse(member);
    expect(ZSessionUser.strict().parse(body)).toEqual(body);
    expect(body).toEqual({
      member_id: 'ada@example.test',
      email: 'ada@example.test',
      nicname: '',
      picture: '',
      cur_tokens: 120,
      member_kind: 'level2',
      email_verified: true,
      role: 'member',
    });
    expect(toMemberResponse({ ...member, emailVerifiedAt: null }).email_verified).toBe(false);
    expect(toMemberResponse({ ...member, role: 'support' }).role).toBe('support');
  });

  it('makes the sign-in session and the account body the contracts describe', () => {
    const session = sessionResponse(member, 'token-1', 'Welcome to Velvet!');
    expect(ZSessionResponse.strict().parse(session)).toEqual(session);
    expect(session).toEqual({
      status: 'ok',
      ...toMemberResponse(member),
      token: 'token-1',
      message: 'Welcome to Velvet!',
    });
    expect('message' in sessionResponse(member, 'token-1')).toBe(false);
    const account = { status: 'ok' as const, ...toMemberResponse(member), membership_expires_at: null };
    expect(ZGetMemberResponse.strict().parse(account)).toEqual(account);
  });
});
