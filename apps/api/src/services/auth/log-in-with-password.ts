import type { TSelfLoginRequestParsed } from '@velvet/contracts/auth/self-login';
import type { Database } from '../../db/client.ts';
import { findMemberById, type MemberRecord } from '../../repositories/member.repository.ts';
import { burnPasswordCheck, verifyPassword } from './passwords.ts';

export const WRONG_PASSWORD = 'The password is incorrect. Please check it and try again.';
export const GOOGLE_ONLY_ACCOUNT = 'This account signs in with Google. Please use Continue with Google.';

export type PasswordLogin =
  { status: 'ok'; member: MemberRecord } | { status: 'nopwd'; message: string } | { status: 'no'; message: string };

/**
 * The spec's three outcomes: ok, nopwd (registered, but this password does not sign in) and no
 * (unregistered: the modal switches to registration). Deleted accounts no longer exist under their
 * email, so they answer 'no'.
 */
export async function logInWithPassword(db: Database, input: TSelfLoginRequestParsed): Promise<PasswordLogin> {
  const member = await findMemberById(db, input.member_id);
  if (!member || member.deletedAt) {
    await burnPasswordCheck(input.member_pwd);
    return { status: 'no', message: 'This email is not registered.' };
  }
  if (!member.passwordHash) {
    await burnPasswordCheck(input.member_pwd);
    return { status: 'nopwd', message: GOOGLE_ONLY_ACCOUNT };
  }
  if (!(await verifyPassword(member.passwordHash, input.member_pwd))) {
    return { status: 'nopwd', message: WRONG_PASSWORD };
  }
  return { status: 'ok', member };
}
