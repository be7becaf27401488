// The login/register modal's rules and messages (spec sections 5 and 8), as pure functions: what the
// form checks before calling, and what each answer of the server means for the modal.
import { isValidEmail, isValidLoginPassword } from '@velvet/contracts/auth/credentials';
import type { TRegisterResponse } from '@velvet/contracts/auth/register';
import type { TSelfLoginResponse } from '@velvet/contracts/auth/self-login';
import type { TSession } from '@velvet/contracts/auth/session-user';
import { POLICY } from '@velvet/contracts/catalog';
import { apiFailureMessage } from '../../lib/api-error.ts';

export const AUTH_MESSAGES = {
  invalidEmail: 'Please enter a valid email address.',
  invalidPassword: 'Password must be at least 7 digits and contain special characters.',
  missingFields: 'Please enter all fields.',
  passwordMismatch: 'Password does not match.',
  adultAttestation: `Please confirm that you are ${POLICY.minimumAge} or older.`,
  unregistered: 'This is an unregistered email. Please proceed with the membership registration.',
  loginFailed: 'Login failed. Please verify password.',
  registerFailed: 'Failed to sign up for membership.',
  serverError: 'A server error has occurred.',
  googleUnavailable: 'Google sign-in is not available on this server.',
} as const;

export type AuthMode = 'login' | 'register';

export interface LoginFields {
  email: string;
  password: string;
}

export interface RegisterFields extends LoginFields {
  nickname: string;
  confirm: string;
  /** The 'I confirm I am 18 years of age or older' box. */
  adultAttestation: boolean;
}

/** Login: a valid email without spaces, then the password rule. Null when the form may be sent. */
export function validateLogin({ email, password }: LoginFields): string | null {
  if (!isValidEmail(email)) return AUTH_MESSAGES.invalidEmail;
  if (!isValidLoginPassword(password)) return AUTH_MESSAGES.invalidPassword;
  return null;
}

/**
 * Register: all four fields, the password twice the same, and the age attestation. The email and
 * password patterns are not re-run here; the server enforces its rule and its message is shown.
 */
export function validateRegister(fields: RegisterFields): string | null {
  const { email, nickname, password, confirm } = fields;
  if (!email.trim() || !nickname.trim() || !password || !confirm) return AUTH_MESSAGES.missingFields;
  if (password !== confirm) return AUTH_MESSAGES.passwordMismatch;
  if (!fields.adultAttestation) return AUTH_MESSAGES.adultAttestation;
  return null;
}

export type SignInOutcome =
  | { kind: 'session'; session: TSession }
  | { kind: 'unregistered'; message: string }
  | { kind: 'error'; message: string };

function isSession(value: unknown): value is TSession & { status: 'ok' } {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return body.status === 'ok' && typeof body.token === 'string' && body.token !== '';
}

/** A 200 answer of self-login: ok is the session, no switches to register, nopwd shows its message. */
export function loginOutcome(response: TSelfLoginResponse): SignInOutcome {
  if (isSession(response)) return { kind: 'session', session: response };
  if (response.status === 'no') return { kind: 'unregistered', message: AUTH_MESSAGES.unregistered };
  if (response.status === 'nopwd' && response.message) return { kind: 'error', message: response.message };
  return { kind: 'error', message: AUTH_MESSAGES.loginFailed };
}

/** A failed self-login call: a 4xx shows its message (e.g. the rate limit), anything else is a server error. */
export function loginFailureMessage(error: unknown): string {
  return apiFailureMessage(error, { refused: AUTH_MESSAGES.loginFailed, exception: AUTH_MESSAGES.serverError });
}

/** A 200 answer of register: the session, or the message (fallback 'Failed to sign up for membership.'). */
export function registerOutcome(response: TRegisterResponse): SignInOutcome {
  if (isSession(response)) return { kind: 'session', session: response };
  const message = (response as { message?: unknown }).message;
  return { kind: 'error', message: typeof message === 'string' && message ? message : AUTH_MESSAGES.registerFailed };
}

export function registerFailureMessage(error: unknown): string {
  return apiFailureMessage(error, { refused: AUTH_MESSAGES.registerFailed, exception: AUTH_MESSAGES.serverError });
}
