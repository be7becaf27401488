import { createHash, randomInt } from 'node:crypto';
import { LIMITS } from '@velvet/contracts/catalog';
import { nicnameProblem } from '@velvet/contracts/auth/credentials';
import type { TSocialLoginRequestParsed } from '@velvet/contracts/auth/social-login';
import type { Redis } from 'ioredis';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { IdentityTokenError, type IdentityVerifier, type VerifiedIdentity } from '../../providers/identity/index.ts';
import {
  findIdentity,
  findMemberById,
  isUniqueViolation,
  linkIdentity,
  nicknameTaken,
  setPicture,
  type MemberRecord,
} from '../../repositories/member.repository.ts';
import { DEFAULT_DELETED_EMAIL_HOLD_DAYS } from '../../config/env.ts';
import { deletedAccountMessage, findEmailHold } from '../members/deleted-accounts.ts';
import { SUSPENDED_MESSAGE } from '../members/suspension.ts';
import { createMemberWithWelcome } from './register-member.ts';
import { confirmEmailByProvider } from './verify-email.ts';

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not available on this server.';
export const NONCE_REUSED = 'This Google sign-in was already used. Please sign in again.';
export const ADULT_ATTESTATION_NEEDED =
  'adult_attestation must be true: you must confirm you are 18 or older to create an account';

export interface GoogleLoginDeps {
  db: Database;
  redis: Redis;
  verifier: IdentityVerifier | null;
  /** DELETED_EMAIL_HOLD_DAYS: how long a deleted account's email is refused. */
  deletedEmailHoldDays?: number;
}

export interface GoogleLogin {
  member: MemberRecord;
  created: boolean;
}

/**
 * Google sign-in. Identity comes only from the verified id token (the body's email, nicname and
 * picture are ignored). The nonce is single-use, so a captured token cannot be replayed. The member
 * is found by the Google subject, else by the verified email (and linked), else created with the
 * welcome grant; creating one needs the 18+ attestation.
 */
export async function logInWithGoogle(deps: GoogleLoginDeps, input: TSocialLoginRequestParsed): Promise<GoogleLogin> {
  if (!deps.verifier) throw new AppError(503, GOOGLE_NOT_CONFIGURED);
  let identity: VerifiedIdentity;
  try {
    identity = await deps.verifier.verify(input.googleToken, input.nonce);
  } catch (error) {
    if (error instanceof IdentityTokenError) throw new AppError(401, error.message, 'googleToken');
    throw error;
  }
  await claimNonce(deps.redis, identity);

  const linked = await findIdentity(deps.db, 'google', identity.subject);
  if (linked) {
    const member = await findMemberById(deps.db, linked.memberId);
    if (member && !member.deletedAt) {
      // Google vouches for its current email only: it confirms the member's address when they match.
      const vouched = member.id === identity.email && (await confirmEmailByProvider(deps.db, member.id));
      const current = vouched ? await findMemberById(deps.db, member.id) : member;
      if (member.suspendedAt) throw new AppError(403, SUSPENDED_MESSAGE);
      return { member: await refreshPicture(deps.db, current ?? member, identity), created: false };
    }
  }

  const byEmail = await findMemberById(deps.db, identity.email);
  if (byEmail && !byEmail.deletedAt) {
    if (byEmail.suspendedAt) throw new AppError(403, SUSPENDED_MESSAGE);
    await linkIdentity(deps.db, byEmail.id, 'google', identity.subject).catch((error: unknown) => {
      if (!isUniqueViolation(error, 'subject')) throw error;
    });
    // Google vouches for the address: an email-registered member who had not verified it is now.
    const current = (await confirmEmailByProvider(deps.db, byEmail.id))
      ? await findMemberById(deps.db, byEmail.id)
      : byEmail;
    return { member: await refreshPicture(deps.db, current ?? byEmail, identity), created: false };
  }
  const hold = await findEmailHold(
    deps.db,
    identity.email,
    deps.deletedEmailHoldDays ?? DEFAULT_DELETED_EMAIL_HOLD_DAYS,
  );
  if (hold) throw new AppError(403, deletedAccountMessage(hold));
  if (input.adult_attestation !== true) throw new AppError(400, ADULT_ATTESTATION_NEEDED, 'adult_attestation');

  const nickname = await availableNickname(deps.db, identity);
  try {
    const member = await createMemberWithWelcome(
      deps.db,
      { id: identity.email, nickname, passwordHash: null, picture: identity.picture, adultAttestedAt: new Date() },
      (tx, created) => linkIdentity(tx, created.id, 'google', identity.subject),
    );
    return { member, created: true };
  } catch (error) {
    // A concurrent first sign-in of the same account created it: use that one.
    const existing = await findMemberById(deps.db, identity.email);
    if (existing && !existing.deletedAt) return { member: existing, created: false };
    throw error;
  }
}

async function claimNonce(redis: Redis, identity: VerifiedIdentity): Promise<void> {
  const ttl = Math.max(60, identity.expiresAt - Math.floor(Date.now() / 1000) + 300);
  const key = `google-nonce:${createHash('sha256')
    .update(identity.nonce ?? '')
    .digest('hex')}`;
  const fresh = await redis.set(key, '1', 'EX', ttl, 'NX');
  if (fresh !== 'OK') throw new AppError(401, NONCE_REUSED, 'nonce');
}

async function refreshPicture(db: Database, member: MemberRecord, identity: VerifiedIdentity) {
  if (!identity.picture || identity.picture === member.picture || identity.picture.length > LIMITS.urlMaxLength) {
    return member;
  }
  return setPicture(db, member.id, identity.picture);
}

/**
 * A nickname from the Google name (or the email's local part) that fits the nickname rule and is
 * free; null when none is found, and the member picks one on the account page.
 */
async function availableNickname(db: Database, identity: VerifiedIdentity): Promise<string | null> {
  const source = identity.name ?? identity.email.split('@')[0] ?? '';
  const base = source
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}._ -]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, LIMITS.nicnameMaxLength - 5)
    .trim();
  if (nicnameProblem(base)) return null;
  if (!(await nicknameTaken(db, base))) return base;
  for (let i = 0; i < 5; i += 1) {
    const candidate = `${base} ${randomInt(1000, 10000)}`;
    if (!nicnameProblem(candidate) && !(await nicknameTaken(db, candidate))) return candidate;
  }
  return null;
}
