import type { TSessionResponse } from '@velvet/contracts/auth/session-user';
import type { MemberRecord } from '../../repositories/member.repository.ts';

/** The spec's session body for a signed-in member. */
export function sessionResponse(member: MemberRecord, token: string, message?: string): TSessionResponse {
  return {
    status: 'ok',
    member_id: member.id,
    email: member.id,
    nicname: member.nickname ?? '',
    picture: member.picture ?? '',
    cur_tokens: member.coinBalance,
    member_kind: member.memberKind,
    email_verified: member.emailVerifiedAt !== null,
    token,
    ...(message ? { message } : {}),
  };
}
