import type { TSessionResponse } from '@velvet/contracts/auth/session-user';
import type { MemberRecord } from '../../repositories/member.repository.ts';
import { toMemberResponse } from '../members/member-response.ts';

/** The spec's session body for a signed-in member. */
export function sessionResponse(member: MemberRecord, token: string, message?: string): TSessionResponse {
  return {
    status: 'ok',
    ...toMemberResponse(member),
    token,
    ...(message ? { message } : {}),
  };
}
