// Members for the browser tests: unique emails and nicknames, registration through the API (for
// tests that start signed in), local storage that signs a page in, and the Google stand-in's controls.
import { randomBytes } from 'node:crypto';
import type { TSession } from '@velvet/contracts/auth/session-user';
import { inject } from 'vitest';
import { baseUrl } from './base-url.ts';
import { verificationLinkFor } from './mail-outbox.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    googleControlUrl: string;
  }
}

/** A password the login rule accepts. */
export const PASSWORD = 'Velvet!2024';

const suffix = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

/** An email no other test uses. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${suffix()}@e2e.test`;
}

/** A nickname no other test uses (letters and digits, within the 30-character limit). */
export function uniqueNickname(prefix: string): string {
  return `${prefix}${suffix()}`.slice(0, 30);
}

export interface Member {
  email: string;
  password: string;
  nickname: string;
  session: TSession;
}

/**
 * Registers a member through the API, as the register form would (on the shared stack unless told),
 * then verifies the address as its owner would: the link from the mail in the stack's outbox (the
 * welcome coins come with it). `{ verify: false }` leaves the address unverified (no coins); a stack
 * started by the test itself passes its `outboxDir` (`<data folder>/mail`).
 */
export async function registerMember(
  prefix: string,
  origin: string = baseUrl(),
  options: { verify?: boolean; outboxDir?: string } = {},
): Promise<Member> {
  const email = uniqueEmail(prefix);
  const nickname = uniqueNickname(prefix.replace(/[^A-Za-z0-9]/g, ''));
  const response = await fetch(new URL('/api/auth/register', origin), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ member_id: email, member_pwd: PASSWORD, nicname: nickname, adult_attestation: true }),
  });
  const body = (await response.json()) as TSession & { status: string; message?: string };
  if (!response.ok || body.status !== 'ok') throw new Error(`register failed: ${response.status} ${body.message}`);
  const member = { email, password: PASSWORD, nickname, session: body };
  return options.verify === false ? member : verifyMember(member, origin, options.outboxDir);
}

/** Opens the member's newest verification link (what the /verify-email page sends); the session gains the coins. */
export async function verifyMember(member: Member, origin: string = baseUrl(), outboxDir?: string): Promise<Member> {
  const { token } = await verificationLinkFor(member.email, outboxDir ? { dir: outboxDir } : {});
  const response = await fetch(new URL('/api/auth/verify-email', origin), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  const body = (await response.json()) as { status: string; cur_tokens: number; message?: string };
  if (!response.ok || body.status !== 'ok') throw new Error(`verify failed: ${response.status} ${body.message}`);
  return { ...member, session: { ...member.session, cur_tokens: body.cur_tokens, email_verified: true } };
}

/** Local storage items that make the app start signed in as this member (what a login stores). */
export function signedInStorage(session: TSession): Record<string, string> {
  const { token, member_id, email, nicname, picture, cur_tokens, member_kind } = session;
  return { token, user: JSON.stringify({ member_id, email, nicname, picture, cur_tokens, member_kind }) };
}

function googleControlUrl(): string {
  const url = inject('googleControlUrl');
  if (!url) throw new Error("e2e global setup did not provide 'googleControlUrl'");
  return url;
}

export interface GoogleIdentity {
  email: string;
  name: string;
  picture?: string;
  sub?: string;
}

/** What the stand-in's authorization endpoint does next: sign in as this identity, or fail with an error. */
export async function setNextGoogleLogin(next: GoogleIdentity | { error: string }): Promise<void> {
  const response = await fetch(`${googleControlUrl()}/next-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(next),
  });
  if (!response.ok) throw new Error(`next-login failed: ${response.status}`);
}

/** An id token signed by the stand-in (valid signature) with these claims. */
export async function signGoogleIdToken(claims: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${googleControlUrl()}/sign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(claims),
  });
  const body = (await response.json()) as { id_token: string };
  return body.id_token;
}
