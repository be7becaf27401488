import type { TSessionResponse } from '@velvet/contracts/auth/session-user';
import type { AppConfig } from '../../config/env.ts';
import type { MemberRecord } from '../../repositories/member.repository.ts';
import type { AttemptLimit } from './rate-limit.ts';

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

/** Sign-in and registration limits: per client IP, and per email address when there is one. */
export function authAttemptLimits(config: AppConfig, ip: string, email?: string): AttemptLimit[] {
  const windowSeconds = config.AUTH_RATE_LIMIT_WINDOW_SECONDS;
  return [
    { key: `ip:${ip}`, max: config.AUTH_RATE_LIMIT_MAX_PER_IP, windowSeconds },
    ...(email ? [{ key: `email:${email}`, max: config.AUTH_RATE_LIMIT_MAX_PER_EMAIL, windowSeconds }] : []),
  ];
}
