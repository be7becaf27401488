// The forgot-password and reset-password forms' rules and messages, as pure functions.
import { isValidEmail, isValidLoginPassword } from '@velvet/contracts/auth/credentials';
import { FORGOT_PASSWORD_MESSAGE, RESET_TOKEN_PATTERN } from '@velvet/contracts/auth/password-reset-rules';
import { apiFailureMessage } from '../../lib/api-error.ts';
import { AUTH_MESSAGES } from './credentials-form.ts';

export const PASSWORD_RESET_MESSAGES = {
  sent: FORGOT_PASSWORD_MESSAGE,
  missingToken: 'This page needs the link from the password reset email. Ask for a new link from the log-in window.',
  refused: 'The password could not be changed.',
  done: 'Your password is changed. You are signed in.',
} as const;

/** Forgot password: a valid email. Null when the form may be sent. */
export function validateForgot(email: string): string | null {
  return isValidEmail(email.trim()) ? null : AUTH_MESSAGES.invalidEmail;
}

/** New password: the registration rule, typed twice the same. */
export function validateNewPassword(password: string, confirm: string): string | null {
  if (!password || !confirm) return AUTH_MESSAGES.missingFields;
  if (password !== confirm) return AUTH_MESSAGES.passwordMismatch;
  if (!isValidLoginPassword(password)) return AUTH_MESSAGES.invalidPassword;
  return null;
}

/** The token of /reset-password?token=..., or null when it is missing or malformed. */
export function resetTokenFrom(search: string): string | null {
  const token = new URLSearchParams(search).get('token');
  return token && RESET_TOKEN_PATTERN.test(token) ? token : null;
}

/** A failed call: the server's message (invalid or expired link, rate limit), else a generic text. */
export function passwordResetFailureMessage(error: unknown): string {
  return apiFailureMessage(error, {
    refused: PASSWORD_RESET_MESSAGES.refused,
    exception: AUTH_MESSAGES.serverError,
  });
}
