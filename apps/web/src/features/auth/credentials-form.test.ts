import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  loginFailureMessage,
  loginOutcome,
  registerFailureMessage,
  registerOutcome,
  validateLogin,
  validateRegister,
  type RegisterFields,
} from './credentials-form.ts';

const session = {
  status: 'ok' as const,
  member_id: 'luna@example.com',
  email: 'luna@example.com',
  nicname: 'Luna',
  picture: '',
  cur_tokens: 500,
  member_kind: 'free',
  token: 'jwt',
};

describe('validateLogin', () => {
  it('accepts a valid email and a password with a special character', () => {
    expect(validateLogin({ email: 'luna@example.com', password: 'secret!1' })).toBeNull();
  });

  it.each(['', 'luna', 'luna@', 'luna @example.com', ' luna@example.com', 'luna@example.com '])(
    'refuses the email %j',
    (email) => {
      expect(validateLogin({ email, password: 'secret!1' })).toBe('Please enter a valid email address.');
    },
  );

  it.each(['', 'short!', 'longenough', '!!!!!!!!'])('refuses the password %j', (password) => {
    expect(validateLogin({ email: 'luna@example.com', password })).toBe(
      'Password must be at least 7 digits and contain special characters.',
    );
  });

  it('checks the email before the password', () => {
    expect(validateLogin({ email: 'nope', password: '' })).toBe(AUTH_MESSAGES.invalidEmail);
  });
});

describe('validateRegister', () => {
  const complete: RegisterFields = {
    email: 'luna@example.com',
    nickname: 'Luna',
    password: 'secret!1',
    confirm: 'secret!1',
    adultAttestation: true,
  };

  it('accepts a complete form', () => {
    expect(validateRegister(complete)).toBeNull();
  });

  it.each(['email', 'nickname', 'password', 'confirm'] as const)('requires %s', (field) => {
    expect(validateRegister({ ...complete, [field]: '' })).toBe('Please enter all fields.');
  });

  it('treats a blank email or nickname as missing', () => {
    expect(validateRegister({ ...complete, nickname: '   ' })).toBe('Please enter all fields.');
  });

  it('requires the password twice the same', () => {
    expect(validateRegister({ ...complete, confirm: 'secret!2' })).toBe('Password does not match.');
  });

  it('does not re-run the email or password pattern (the server enforces it)', () => {
    expect(validateRegister({ ...complete, email: 'not-an-email', password: 'weak', confirm: 'weak' })).toBeNull();
  });

  it('requires the age attestation, after the other checks', () => {
    expect(validateRegister({ ...complete, adultAttestation: false })).toBe('Please confirm that you are 18 or older.');
    expect(validateRegister({ ...complete, email: '', adultAttestation: false })).toBe(AUTH_MESSAGES.missingFields);
  });
});

describe('loginOutcome', () => {
  it('ok is the session', () => {
    expect(loginOutcome(session)).toEqual({ kind: 'session', session });
  });

  it('no switches to register with the unregistered message', () => {
    expect(loginOutcome({ status: 'no' })).toEqual({
      kind: 'unregistered',
      message: 'This is an unregistered email. Please proceed with the membership registration.',
    });
  });

  it('nopwd shows the server message', () => {
    expect(loginOutcome({ status: 'nopwd', message: 'The password is incorrect.' })).toEqual({
      kind: 'error',
      message: 'The password is incorrect.',
    });
  });

  it('anything else is a failed login', () => {
    expect(loginOutcome({ status: 'maybe' } as never)).toEqual({
      kind: 'error',
      message: 'Login failed. Please verify password.',
    });
    expect(loginOutcome({ ...session, token: '' })).toEqual({ kind: 'error', message: AUTH_MESSAGES.loginFailed });
  });
});

describe('loginFailureMessage', () => {
  it('shows the message of a 4xx (e.g. the rate limit)', () => {
    const error = { status: 429, data: { status: 'error', message: 'Too many attempts. Try again in 15 minutes.' } };
    expect(loginFailureMessage(error)).toBe('Too many attempts. Try again in 15 minutes.');
  });

  it('a 4xx without a message is a failed login', () => {
    expect(loginFailureMessage({ status: 400, data: 'Bad Request' })).toBe(AUTH_MESSAGES.loginFailed);
  });

  it('a network failure or a 5xx is a server error', () => {
    expect(loginFailureMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      'A server error has occurred.',
    );
    expect(loginFailureMessage({ status: 500, data: { message: 'boom' } })).toBe('A server error has occurred.');
    expect(loginFailureMessage(new Error('x'))).toBe('A server error has occurred.');
  });
});

describe('register outcomes', () => {
  it('ok is the session', () => {
    expect(registerOutcome(session)).toEqual({ kind: 'session', session });
  });

  it('shows the server message, else the generic one', () => {
    expect(registerOutcome({ status: 'no', message: 'Nope.' } as never)).toEqual({ kind: 'error', message: 'Nope.' });
    expect(registerOutcome({ status: 'no' } as never)).toEqual({
      kind: 'error',
      message: 'Failed to sign up for membership.',
    });
  });

  it('a refusal shows its message; an exception is a server error', () => {
    expect(
      registerFailureMessage({ status: 409, data: { status: 'error', message: 'This email is already registered.' } }),
    ).toBe('This email is already registered.');
    expect(registerFailureMessage({ status: 400, data: {} })).toBe('Failed to sign up for membership.');
    expect(registerFailureMessage({ status: 'TIMEOUT_ERROR', error: 'timeout' })).toBe('A server error has occurred.');
    expect(registerFailureMessage({ status: 503, data: null })).toBe('A server error has occurred.');
  });
});
