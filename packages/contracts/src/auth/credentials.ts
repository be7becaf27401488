// Credential rules of spec section 5, shared by the login form, the register form and the API.
import { z } from 'zod';
import { LIMITS, PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARS } from '../catalog.ts';
import { zText } from '../common.ts';

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

// Letters of any script, digits, and single spaces, dots, hyphens and underscores between them.
const NICNAME_CHARS = /^[\p{L}\p{M}\p{N}._ -]+$/u;

/** The nickname rule shared by the forms and the API (see zNicname). */
export function nicnameProblem(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed.length === 0) return 'must not be blank';
  if (CONTROL_CHAR.test(trimmed)) return 'must not contain control characters';
  if (trimmed.length < LIMITS.nicnameMinLength || trimmed.length > LIMITS.nicnameMaxLength) {
    return `must be ${LIMITS.nicnameMinLength} to ${LIMITS.nicnameMaxLength} characters`;
  }
  if (!NICNAME_CHARS.test(trimmed)) return 'may contain only letters, digits, spaces, dots, hyphens and underscores';
  if (/\s{2}/.test(trimmed)) return 'must not contain consecutive spaces';
  return null;
}

/**
 * A nickname: trimmed, 2 to 30 characters of letters, digits, spaces, dots, hyphens and underscores.
 * It is shown across the product (side panel, galleries), so anything that could pass for markup or
 * break a layout is refused.
 */
export function zNicname(field = 'nicname') {
  return zText(field)
    .trim()
    .superRefine((value, ctx) => {
      const problem = nicnameProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: `${field} ${problem}` });
    });
}
