import { WELCOME_COINS } from '@velvet/contracts/catalog';
import type { TRegisterRequestParsed } from '@velvet/contracts/auth/register';
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
import { postLedgerEntry } from '../ledger/post-ledger-entry.ts';
import { anonymousIdFor, emailDigest } from '../members/deleted-accounts.ts';
import { hashPassword } from './passwords.ts';

export const EMAIL_TAKEN = 'This email is already registered. Please log in.';
export const EMAIL_OF_DELETED_ACCOUNT =
  'This email address belonged to a deleted account and cannot be used to register again.';
export const NICKNAME_TAKEN = 'This nickname is already taken. Please choose another one.';

/** Refuses an email that is registered, or that belonged to a deleted account. */
export async function assertEmailAvailable(db: Database, email: string): Promise<void> {
  if (await memberExists(db, email)) throw new AppError(409, EMAIL_TAKEN, 'member_id');
  if (await memberExists(db, anonymousIdFor(email))) throw new AppError(409, EMAIL_OF_DELETED_ACCOUNT, 'member_id');
}

/**
 * Creates a member and grants the welcome coins in one transaction: a member never exists without
 * the grant, and the grant's ledger row is written with it.
 */
export async function createMemberWithWelcome(
  db: Database,
  data: Parameters<typeof createMember>[1],
  onCreated?: (tx: DatabaseTransaction, member: MemberRecord) => Promise<unknown>,
): Promise<MemberRecord> {
  return db.$transaction(async (tx) => {
    const member = await createMember(tx, data);
    await postLedgerEntry(tx, {
      memberId: member.id,
      delta: WELCOME_COINS,
      reason: 'welcome',
      reference: null,
      idempotencyKey: `welcome:${emailDigest(member.id)}`,
    });
    if (onCreated) await onCreated(tx, member);
    return (await findMemberById(tx, member.id)) as MemberRecord;
  });
}

/** Email registration: 18+ attestation (checked by the contract), unique email and nickname. */
export async function registerMember(db: Database, input: TRegisterRequestParsed): Promise<MemberRecord> {
  await assertEmailAvailable(db, input.member_id);
  if (await nicknameTaken(db, input.nicname)) throw new AppError(409, NICKNAME_TAKEN, 'nicname');
  const passwordHash = await hashPassword(input.member_pwd);
  try {
    return await createMemberWithWelcome(db, {
      id: input.member_id,
      nickname: input.nicname,
      passwordHash,
      picture: null,
      adultAttestedAt: new Date(),
    });
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
}
