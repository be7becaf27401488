// Credential rules of spec section 5, shared by the login form, the register form and the API.
import { z } from 'zod';
import { LIMITS, PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARS } from '../catalog.ts';
import { zNonBlank, zText } from '../common.ts';

const SPECIAL_CHAR = /[!@#$%^&*]/;
const ALPHANUMERIC = /[A-Za-z0-9]/;
// Control characters (newlines, NUL, escapes) have no place in a name shown across the UI.
const CONTROL_CHAR = /\p{Cc}/u;

/** Login password rule: at least 7 characters with one of !@#$%^&* and a letter or digit. */
export function isValidLoginPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && SPECIAL_CHAR.test(password) && ALPHANUMERIC.test(password);
}

/** The login form's email check: a valid address without spaces. */
export function isValidEmail(email: string): boolean {
  return !/\s/.test(email) && z.email().safeParse(email).success;
}

/**
 * A new password. The register form does not re-run the login pattern (spec section 5), so the API
 * enforces it: otherwise a member could register a password the login form then refuses.
 */
export function zNewPassword(field = 'member_pwd') {
  return zText(field)
    .max(LIMITS.passwordMaxLength, { error: `${field} must be at most ${LIMITS.passwordMaxLength} characters` })
    .refine(isValidLoginPassword, {
      error: `${field} must be at least ${PASSWORD_MIN_LENGTH} characters and contain one of ${PASSWORD_SPECIAL_CHARS} and a letter or digit`,
    });
}

/** A password offered at login: only bounded, never pattern-checked (the server just compares it). */
export function zLoginPassword(field = 'member_pwd') {
  return zText(field)
    .min(1, { error: `${field} is required` })
    .max(LIMITS.passwordMaxLength, { error: `${field} must be at most ${LIMITS.passwordMaxLength} characters` });
}

/** A nickname: trimmed, 1 to 30 characters, no control characters. */
export function zNicname(field = 'nicname') {
  return zNonBlank(field, LIMITS.nicnameMaxLength).refine((value) => !CONTROL_CHAR.test(value), {
    error: `${field} must not contain control characters`,
  });
}
