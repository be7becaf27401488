import type { TSelfLoginRequestParsed } from '@velvet/contracts/auth/self-login';
import type { Redis } from 'ioredis';
import type { Database } from '../../db/client.ts';
import { findMemberById, type MemberRecord } from '../../repositories/member.repository.ts';
import { DEFAULT_DELETED_EMAIL_HOLD_DAYS } from '../../config/env.ts';
import { deletedAccountMessage, findEmailHold } from '../members/deleted-accounts.ts';
import { SUSPENDED_MESSAGE } from '../members/suspension.ts';
import { burnPasswordCheck, verifyPassword } from './passwords.ts';
import { admitSignInAttempt, type SignInPolicy } from './rate-limit.ts';

export const WRONG_PASSWORD = 'The password is incorrect. Please check it and try again.';
export const GOOGLE_ONLY_ACCOUNT = 'This account signs in with Google. Please use Continue with Google.';

export type PasswordLogin =
  { status: 'ok'; member: MemberRecord } | { status: 'nopwd'; message: string } | { status: 'no'; message: string };

export interface PasswordLoginDeps {
  db: Database;
  redis: Redis;
  policy: SignInPolicy;
  /** DELETED_EMAIL_HOLD_DAYS: how long a deleted account's email is refused (and said so). */
  deletedEmailHoldDays?: number;
}

/**
 * The spec's three outcomes: ok, nopwd (registered, but this password does not sign in) and no
 * (unregistered: the modal switches to registration). A deleted account's email answers nopwd with
 * the deletion date and the date the email can register again (no dead end to a refused sign-up);
 * once that hold is over it answers 'no' like any unregistered email. Every attempt first passes the sign-in limits (rate-limit.ts: growing
 * delays per email and address, never a lockout of the owner); only a correct password clears them.
 */
export async function logInWithPassword(
  deps: PasswordLoginDeps,
  input: TSelfLoginRequestParsed,
  ip: string,
): Promise<PasswordLogin> {
  const attempt = await admitSignInAttempt(deps.redis, deps.policy, input.member_id, ip);
  const outcome = await checkPassword(deps.db, input, deps.deletedEmailHoldDays ?? DEFAULT_DELETED_EMAIL_HOLD_DAYS);
  if (outcome.status === 'ok') await attempt.succeeded();
  return outcome;
}

async function checkPassword(db: Database, input: TSelfLoginRequestParsed, holdDays: number): Promise<PasswordLogin> {
  const member = await findMemberById(db, input.member_id);
  if (!member || member.deletedAt) {
    await burnPasswordCheck(input.member_pwd);
    const hold = await findEmailHold(db, input.member_id, holdDays);
    if (hold) return { status: 'nopwd', message: deletedAccountMessage(hold) };
    return { status: 'no', message: 'This email is not registered.' };
  }
  if (!member.passwordHash) {
    await burnPasswordCheck(input.member_pwd);
    return { status: 'nopwd', message: GOOGLE_ONLY_ACCOUNT };
  }
  if (!(await verifyPassword(member.passwordHash, input.member_pwd))) {
    return { status: 'nopwd', message: WRONG_PASSWORD };
  }
  // Said only to someone who knows the password: a suspension is nobody else's business.
  if (member.suspendedAt) return { status: 'nopwd', message: SUSPENDED_MESSAGE };
  return { status: 'ok', member };
}
