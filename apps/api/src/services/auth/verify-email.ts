import { createHash, randomBytes } from 'node:crypto';
import { WELCOME_COINS } from '@velvet/contracts/catalog';
import { VERIFICATION_MESSAGES, type TVerifyEmailResponse } from '@velvet/contracts/auth/verify-email';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../../config/env.ts';
import type { Database, DatabaseTransaction } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Mailer } from '../../providers/mail/index.ts';
import {
  listVerificationsSince,
  findVerificationByHash,
  findVerificationState,
  insertVerification,
  lockMember,
  markEmailVerified,
  markVerificationUsed,
} from '../../repositories/email-verification.repository.ts';
import { findEntryByKey } from '../../repositories/ledger.repository.ts';
import { postLedgerEntry } from '../ledger/post-ledger-entry.ts';
import { mailLinkBase } from '../mail/links.ts';
import { sendTemplateMail } from '../mail/send-template-mail.ts';
import { emailDigest } from '../members/deleted-accounts.ts';

// Email verification (issue 12): registration by email mails a single-use link; the welcome coins
// are granted when the address is verified, through the ledger under one key per address, so a
// double click, two tabs or two links grant them once.

export interface VerificationDeps {
  db: Database;
  redis: Redis;
  mailer: Mailer;
  config: Pick<AppConfig, 'EMAIL_VERIFICATION_HOURS' | 'PUBLIC_URL' | 'NODE_ENV'>;
}

/** Mails sent per member: one a minute, five a day (the registration's mail counts). */
export const RESEND_INTERVAL_SECONDS = 60;
export const MAILS_PER_DAY = 5;
const DAY_MS = 86_400_000;
export const MAIL_NOT_SENT = 'The verification email could not be sent. Please try again later.';

export const hashVerificationToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The ledger key of an address's welcome grant: one per address, ever. */
export const welcomeKey = (memberId: string) => `welcome:${emailDigest(memberId)}`;

/** Whether the address's welcome coins are still to be granted (an earlier account may have had them). */
export async function welcomeStillDue(db: Database | DatabaseTransaction, memberId: string): Promise<boolean> {
  return !(await findEntryByKey(db, welcomeKey(memberId)));
}

/**
 * Grants the welcome coins inside `tx`; returns the coins added by this call: 0 when this member had
 * them already, or when the address received them under an account deleted since.
 */
export async function grantWelcome(tx: DatabaseTransaction, memberId: string): Promise<number> {
  const key = welcomeKey(memberId);
  const earlier = await findEntryByKey(tx, key);
  if (earlier && earlier.memberId !== memberId) return 0;
  const result = await postLedgerEntry(tx, {
    memberId,
    delta: WELCOME_COINS,
    reason: 'welcome',
    reference: null,
    idempotencyKey: key,
  });
  return result.posted ? WELCOME_COINS : 0;
}

function validFor(hours: number): string {
  return hours >= 1 && Number.isInteger(hours)
    ? `${hours} hour${hours === 1 ? '' : 's'}`
    : `${Math.round(hours * 60)} minutes`;
}

/**
 * Stores a new link (its hash) and mails it to the member. The link points at PUBLIC_URL, or outside
 * production at `requestOrigin` (services/mail/links.ts).
 */
export async function sendVerificationMail(
  deps: VerificationDeps,
  member: { id: string; nickname: string | null },
  requestOrigin: string,
  now = new Date(),
): Promise<void> {
  const origin = mailLinkBase(deps.config, requestOrigin);
  const token = randomBytes(32).toString('base64url');
  await insertVerification(deps.db, {
    memberId: member.id,
    tokenHash: hashVerificationToken(token),
    expiresAt: new Date(now.getTime() + deps.config.EMAIL_VERIFICATION_HOURS * 3_600_000),
  });
  const link = `${origin}/verify-email?token=${token}`;
  const due = await welcomeStillDue(deps.db, member.id);
  await sendTemplateMail(deps.mailer, {
    to: member.id,
    template: 'verify-email',
    values: {
      nickname: member.nickname ?? 'there',
      email: member.id,
      link,
      validFor: validFor(deps.config.EMAIL_VERIFICATION_HOURS),
      reward: due ? `Once your address is verified, ${WELCOME_COINS} welcome coins are added to your account.` : '',
    },
  });
}

/**
 * Uses a link: verifies the address and grants the welcome coins, once. A used link of a verified
 * member answers ok again (a double click); an expired, unknown or used-but-unverified link is a 400.
 */
export async function verifyEmail(db: Database, token: string, now = new Date()): Promise<TVerifyEmailResponse> {
  const link = await findVerificationByHash(db, hashVerificationToken(token));
  if (!link) throw new AppError(400, VERIFICATION_MESSAGES.invalid, 'token');
  return db.$transaction(async (tx) => {
    await lockMember(tx, link.memberId);
    const member = await findVerificationState(tx, link.memberId);
    if (!member || member.deletedAt) throw new AppError(400, VERIFICATION_MESSAGES.invalid, 'token');
    if (member.emailVerifiedAt) {
      if (!link.usedAt) await markVerificationUsed(tx, link.id, now);
      return answer(member.id, VERIFICATION_MESSAGES.alreadyVerified, 0, member.coinBalance);
    }
    if (link.usedAt) throw new AppError(400, VERIFICATION_MESSAGES.used, 'token');
    if (link.expiresAt <= now) throw new AppError(400, VERIFICATION_MESSAGES.expired, 'token');
    if (!(await markVerificationUsed(tx, link.id, now))) throw new AppError(400, VERIFICATION_MESSAGES.used, 'token');
    await markEmailVerified(tx, member.id, now);
    const coins = await grantWelcome(tx, member.id);
    const balance = (await findVerificationState(tx, member.id))?.coinBalance ?? 0;
    return answer(member.id, VERIFICATION_MESSAGES.verified(coins), coins, balance);
  });
}

function answer(memberId: string, message: string, coins: number, balance: number): TVerifyEmailResponse {
  return { status: 'ok', message, member_id: memberId, coins_added: coins, cur_tokens: balance };
}

/**
 * Inside `tx`: the address was proved another way than a verification link (a verified Google email,
 * a password reset link mailed to it), so an unverified member becomes verified and receives the
 * welcome coins, exactly as a verification link would. True when it changed anything.
 */
export async function confirmEmailInTransaction(tx: DatabaseTransaction, memberId: string, now: Date) {
  await lockMember(tx, memberId);
  if (!(await markEmailVerified(tx, memberId, now))) return false;
  await grantWelcome(tx, memberId);
  return true;
}

/** Google proved the address (a verified Google email): confirmEmailInTransaction in a transaction of its own. */
export async function confirmEmailByProvider(db: Database, memberId: string, now = new Date()): Promise<boolean> {
  const state = await findVerificationState(db, memberId);
  if (!state || state.emailVerifiedAt || state.deletedAt) return false;
  return db.$transaction((tx) => confirmEmailInTransaction(tx, memberId, now));
}

function tooMany(message: string, retryAfterSeconds: number): AppError {
  const error = new AppError(429, message);
  error.headers = { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) };
  return error;
}

/** A new link for the signed-in member: at most one a minute and five a day. */
export async function resendVerification(
  deps: VerificationDeps,
  memberId: string,
  origin: string,
  now = new Date(),
): Promise<string> {
  const member = await findVerificationState(deps.db, memberId);
  if (!member || member.deletedAt) throw notFound('Member');
  if (member.emailVerifiedAt) throw new AppError(409, VERIFICATION_MESSAGES.alreadyVerified);
  const sent = await listVerificationsSince(deps.db, memberId, new Date(now.getTime() - DAY_MS));
  if (sent.length >= MAILS_PER_DAY) {
    const oldest = sent[0]!.createdAt.getTime();
    throw tooMany(
      `You can ask for ${MAILS_PER_DAY} verification emails a day. Please try again tomorrow.`,
      (oldest + DAY_MS - now.getTime()) / 1000,
    );
  }
  const gate = `verify-email:resend:${emailDigest(memberId)}`;
  if ((await deps.redis.set(gate, '1', 'EX', RESEND_INTERVAL_SECONDS, 'NX')) !== 'OK') {
    const ttl = await deps.redis.ttl(gate);
    throw tooMany(
      'A verification email was sent less than a minute ago. Please wait a minute before asking again.',
      ttl > 0 ? ttl : RESEND_INTERVAL_SECONDS,
    );
  }
  try {
    await sendVerificationMail(deps, member, origin, now);
  } catch (error) {
    await deps.redis.del(gate);
    if (error instanceof AppError) throw error;
    throw new AppError(503, MAIL_NOT_SENT);
  }
  return VERIFICATION_MESSAGES.sent(member.id);
}
