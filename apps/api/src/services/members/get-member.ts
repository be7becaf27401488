import type { TGetMemberResponse } from '@velvet/contracts/members/get-member';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { findMemberById } from '../../repositories/member.repository.ts';
import { toMemberResponse } from './member-response.ts';

/** The signed-in member as the account page shows it. */
export async function getMember(db: Database, memberId: string): Promise<TGetMemberResponse> {
  const member = await findMemberById(db, memberId);
  if (!member || member.deletedAt) throw notFound('Member');
  return {
    status: 'ok',
    ...toMemberResponse(member),
    membership_expires_at: member.membershipExpiresAt?.toISOString() ?? null,
  };
}
