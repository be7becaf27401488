import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from './credentials-form.ts';
import {
  passwordResetFailureMessage,
  PASSWORD_RESET_MESSAGES,
  resetTokenFrom,
  validateForgot,
  validateNewPassword,
} from './password-reset-form.ts';

describe('password reset forms', () => {
  it('checks the email before asking for a link', () => {
    expect(validateForgot('')).toBe(AUTH_MESSAGES.invalidEmail);
    expect(validateForgot('not an email')).toBe(AUTH_MESSAGES.invalidEmail);
    expect(validateForgot(' ann@example.com ')).toBeNull();
  });

  it('wants the new password twice, following the registration rule', () => {
    expect(validateNewPassword('', '')).toBe(AUTH_MESSAGES.missingFields);
    expect(validateNewPassword('abc!1234', 'abc!1235')).toBe(AUTH_MESSAGES.passwordMismatch);
    expect(validateNewPassword('short', 'short')).toBe(AUTH_MESSAGES.invalidPassword);
    expect(validateNewPassword('nospecial1', 'nospecial1')).toBe(AUTH_MESSAGES.invalidPassword);
    expect(validateNewPassword('abc!1234', 'abc!1234')).toBeNull();
  });

  it('reads a well-formed token from the link only', () => {
    const token = 'A'.repeat(43);
    expect(resetTokenFrom(`?token=${token}`)).toBe(token);
    expect(resetTokenFrom('')).toBeNull();
    expect(resetTokenFrom('?token=short')).toBeNull();
    expect(resetTokenFrom(`?token=${token}<script>`)).toBeNull();
  });

  it("shows the server's message for a refused reset", () => {
    const expired = { status: 400, data: { status: 'error', message: 'This link expired.', field: 'token' } };
    expect(passwordResetFailureMessage(expired)).toBe('This link expired.');
    expect(passwordResetFailureMessage({ status: 400, data: {} })).toBe(PASSWORD_RESET_MESSAGES.refused);
    expect(passwordResetFailureMessage({ status: 'FETCH_ERROR' })).toBe(AUTH_MESSAGES.serverError);
  });
});
