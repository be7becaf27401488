import { WELCOME_COINS } from '@velvet/contracts/catalog';
import type { TRegisterRequestParsed } from '@velvet/contracts/auth/register';
import type { AppConfig } from '../../config/env.ts';
import type { Database, DatabaseTransaction } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import {
  createMember,
  findMemberById,
  isUniqueViolation,
  memberExists,
  nicknameTaken,
  type MemberRecord,
} from '../../repositories/member.repository.ts';
import { deletedAccountMessage, findEmailHold } from '../members/deleted-accounts.ts';
import { hashPassword } from './passwords.ts';
import { grantWelcome, sendVerificationMail, welcomeStillDue, type VerificationDeps } from './verify-email.ts';

export const EMAIL_TAKEN = 'This email is already registered. Please log in.';
/** Google sign-in's refusal of an address under a deletion hold, when no date is at hand. */
export const EMAIL_OF_DELETED_ACCOUNT =
  'This email address belonged to a deleted account and cannot be used to register again yet.';
export const NICKNAME_TAKEN = 'This nickname is already taken. Please choose another one.';

/**
 * Refuses an email that is registered, or whose account was deleted less than `holdDays` ago (the
 * message says when it can be used again). After the hold the address registers as a new one.
 */
export async function assertEmailAvailable(db: Database, email: string, holdDays: number): Promise<void> {
  if (await memberExists(db, email)) throw new AppError(409, EMAIL_TAKEN, 'member_id');
  const hold = await findEmailHold(db, email, holdDays);
  if (hold) throw new AppError(409, deletedAccountMessage(hold), 'member_id');
}

/**
 * Creates a member whose address is already proven (Google, the seeded admin): verified at once, with
 * the welcome coins in the same transaction, so such a member never exists without the grant.
 */
export async function createMemberWithWelcome(
  db: Database,
  data: Parameters<typeof createMember>[1],
  onCreated?: (tx: DatabaseTransaction, member: MemberRecord) => Promise<unknown>,
): Promise<MemberRecord> {
  return db.$transaction(async (tx) => {
    const member = await createMember(tx, { ...data, emailVerifiedAt: data.emailVerifiedAt ?? new Date() });
    await grantWelcome(tx, member.id);
    if (onCreated) await onCreated(tx, member);
    return (await findMemberById(tx, member.id)) as MemberRecord;
  });
}

export interface RegisterDeps extends VerificationDeps {
  config: Pick<AppConfig, 'EMAIL_VERIFICATION_HOURS' | 'DELETED_EMAIL_HOLD_DAYS' | 'PUBLIC_URL' | 'NODE_ENV'>;
  /** Where a failed verification mail is reported (the member can ask for another one). */
  onMailError?: (error: unknown) => void;
}

export interface Registration {
  member: MemberRecord;
  message: string;
}

/**
 * Email registration: 18+ attestation (checked by the contract), unique email and nickname. The
 * member is signed in at once with an unverified address and no coins; a verification link is mailed
 * and the welcome coins come with the verification (verify-email.ts).
 */
export async function registerMember(
  deps: RegisterDeps,
  input: TRegisterRequestParsed,
  requestOrigin: string,
): Promise<Registration> {
  const { db } = deps;
  await assertEmailAvailable(db, input.member_id, deps.config.DELETED_EMAIL_HOLD_DAYS);
  if (await nicknameTaken(db, input.nicname)) throw new AppError(409, NICKNAME_TAKEN, 'nicname');
  const passwordHash = await hashPassword(input.member_pwd);
  let member: MemberRecord;
  try {
    member = await db.$transaction((tx) =>
      createMember(tx, {
        id: input.member_id,
        nickname: input.nicname,
        passwordHash,
        picture: null,
        adultAttestedAt: new Date(),
        emailVerifiedAt: null,
      }),
    );
  } catch (error) {
    // Lost a race with a concurrent registration of the same email or nickname.
    if (isUniqueViolation(error, 'nickname_key') && (await nicknameTaken(db, input.nicname))) {
      if (!(await memberExists(db, input.member_id))) throw new AppError(409, NICKNAME_TAKEN, 'nicname');
    }
    if (isUniqueViolation(error, 'id') && (await memberExists(db, input.member_id))) {
      throw new AppError(409, EMAIL_TAKEN, 'member_id');
    }
    throw error;
  }
  const reward = (await welcomeStillDue(db, member.id)) ? ` to receive your ${WELCOME_COINS} welcome coins` : '';
  try {
    await sendVerificationMail(deps, member, requestOrigin);
  } catch (error) {
    deps.onMailError?.(error);
    return {
      member,
      message: `Welcome to Velvet! The verification email could not be sent: ask for a new one on your account page${reward ? ` to receive your ${WELCOME_COINS} welcome coins` : ''}.`,
    };
  }
  return {
    member,
    message: `Welcome to Velvet! We sent a verification link to ${member.id}: verify your email${reward}.`,
  };
}
