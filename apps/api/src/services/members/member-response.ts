import type { TSessionUser } from '@velvet/contracts/auth/session-user';
import type { MemberRecord } from '../../repositories/member.repository.ts';

/**
 * The member as every response shows it (the spec's session user): sign-ins add the token, the
 * account page adds the membership expiry. One mapping, so the two never drift apart.
 */
export function toMemberResponse(member: MemberRecord): TSessionUser {
  return {
    member_id: member.id,
    email: member.id,
    nicname: member.nickname ?? '',
    picture: member.picture ?? '',
    cur_tokens: member.coinBalance,
    member_kind: member.memberKind,
    email_verified: member.emailVerifiedAt !== null,
    role: member.role,
  };
}
