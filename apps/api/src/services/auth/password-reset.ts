import { createHash, randomBytes } from 'node:crypto';
import type { TResetPasswordRequest } from '@velvet/contracts/auth/reset-password';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Mailer } from '../../providers/mail/index.ts';
import { findMemberById, type MemberRecord } from '../../repositories/member.repository.ts';
import {
  consumePasswordReset,
  createPasswordReset,
  findMemberForPasswordReset,
  setPasswordAndRevokeSessions,
} from '../../repositories/password-reset.repository.ts';
import { sendTemplateMail } from '../mail/send-template-mail.ts';
import { hashPassword } from './passwords.ts';
import { confirmEmailInTransaction } from './verify-email.ts';
import { consumeAttempts, type AttemptLimit } from './rate-limit.ts';

/** A reset link works once, for this long. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** Requests per client IP per window (beyond: 429 with Retry-After). */
export const PASSWORD_RESET_MAX_PER_IP = 20;
/** Mails per address per window (beyond: the same answer, and no mail: nobody can flood an inbox). */
export const PASSWORD_RESET_MAX_PER_EMAIL = 3;
export const PASSWORD_RESET_WINDOW_SECONDS = 60 * 60;

export const RESET_LINK_INVALID = 'This password reset link is invalid, used or expired. Please ask for a new one.';

export interface PasswordResetDeps {
  db: Database;
  redis: Redis;
  mailer: Mailer;
  config: Pick<AppConfig, 'NODE_ENV' | 'PUBLIC_URL'>;
  /** Mail failures are logged, never shown: the answer must not depend on the address. */
  log: { error(obj: unknown, msg?: string): void };
}

/** The stored form of a token: hex SHA-256 (a database leak reveals no usable link). */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function ipLimit(ip: string): AttemptLimit {
  return { key: `ip:${ip}`, max: PASSWORD_RESET_MAX_PER_IP, windowSeconds: PASSWORD_RESET_WINDOW_SECONDS };
}

/**
 * 'Forgot password?': mails a single-use link valid 1 hour to an active member with a password, a
 * "use Google" note to a member who signs in only with Google, and nothing to an unknown address. The
 * caller answers the same in every case. Only the per-IP limit is visible (429); the per-address limit
 * silently stops mailing, so nobody can lock an owner out of resets or flood an inbox.
 * The mail is sent after the answer (`background`), so timing does not tell the cases apart either.
 */
export async function requestPasswordReset(
  deps: PasswordResetDeps,
  input: { email: string; ip: string; linkBase: string },
  background: (task: Promise<unknown>) => void = (task) => void task,
): Promise<void> {
  await consumeAttempts(deps.redis, 'password-reset', [ipLimit(input.ip)], 'password reset requests');
  const member = await findMemberForPasswordReset(deps.db, input.email);
  if (!member) return;
  try {
    await consumeAttempts(
      deps.redis,
      'password-reset',
      [
        {
          key: `email:${input.email}`,
          max: PASSWORD_RESET_MAX_PER_EMAIL,
          windowSeconds: PASSWORD_RESET_WINDOW_SECONDS,
        },
      ],
      'password reset requests',
    );
  } catch {
    return; // enough mails to this address for now: same answer, no mail
  }

  let mail: Parameters<typeof sendTemplateMail>[1];
  if (!member.passwordHash) {
    mail = {
      to: member.id,
      template: 'password-reset-google',
      values: { email: member.id, link: `${input.linkBase}/support` },
    };
  } else {
    const token = randomBytes(32).toString('base64url');
    await createPasswordReset(deps.db, {
      memberId: member.id,
      tokenHash: hashResetToken(token),
      expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
    });
    mail = {
      to: member.id,
      template: 'password-reset',
      values: { email: member.id, link: `${input.linkBase}/reset-password?token=${token}` },
    };
  }
  background(
    sendTemplateMail(deps.mailer, mail).catch((error: unknown) => {
      deps.log.error({ err: error, template: mail.template }, 'password reset mail not sent');
    }),
  );
}

/**
 * Sets a new password with a mailed link: the link is used up at once (a second use fails), every
 * session issued before now is revoked, and the member is returned for a fresh session. The link
 * reached the address, so an unverified address is verified by it (welcome coins included, once).
 */
export async function resetPassword(
  deps: Pick<PasswordResetDeps, 'db' | 'redis'>,
  input: TResetPasswordRequest & { ip: string },
): Promise<MemberRecord> {
  await consumeAttempts(deps.redis, 'password-reset', [ipLimit(input.ip)], 'password reset attempts');
  // Hashed first (slow on purpose) so the transaction stays short.
  const passwordHash = await hashPassword(input.password);
  const memberId = await deps.db.$transaction(async (tx) => {
    const now = new Date();
    const owner = await consumePasswordReset(tx, hashResetToken(input.token), now);
    if (!owner) return null;
    if (!(await setPasswordAndRevokeSessions(tx, owner, passwordHash, now))) return null;
    await confirmEmailInTransaction(tx, owner, now);
    return owner;
  });
  if (!memberId) throw new AppError(400, RESET_LINK_INVALID, 'token');
  const member = await findMemberById(deps.db, memberId);
  if (!member) throw new AppError(400, RESET_LINK_INVALID, 'token');
  return member;
}
