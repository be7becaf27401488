import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  hashResetToken,
  PASSWORD_RESET_MAX_PER_EMAIL,
  PASSWORD_RESET_MAX_PER_IP,
} from '../../../src/services/auth/password-reset.ts';
import { WELCOME_COINS } from '@velvet/contracts/catalog';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { createMember } from '../../support/factories.ts';
import { bearer, GOOD_PASSWORD, registerThroughApi } from '../../support/sessions.ts';
import { mailRecipients, startTestSmtp, type TestSmtp } from '../../support/smtp.ts';

const PUBLIC_URL = 'https://velvet.example';
const NEW_PASSWORD = 'new!Pass5678';
const FORGOT = '/api/v1/auth/password/forgot';
const RESET = '/api/v1/auth/password/reset';
const SAME_ANSWER = {
  status: 'ok',
  message: 'If an account exists for that email, we sent a link to reset its password.',
};

describe('password reset by email', () => {
  let smtp: TestSmtp;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    const keys = await t.services.redis.keys('ratelimit:password-reset:*');
    if (keys.length > 0) await t.services.redis.del(...keys);
  });

  const forgot = (email: unknown, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: FORGOT, remoteAddress, payload: { email } });
  const reset = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: RESET, payload });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/self-login', payload: { member_id: email, member_pwd: password } });
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/members', headers: bearer(token) });

  const resetMailTo = (email: string) => (mail: ParsedMail) =>
    mailRecipients(mail).includes(email) && mail.subject === 'Reset your Velvet password';
  const tokenOf = (mail: ParsedMail) => {
    const match = /https:\/\/velvet\.example\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
    expect(match, 'the mail carries the reset link').not.toBeNull();
    return match![1]!;
  };

  async function registeredMember() {
    const session = (await registerThroughApi(t.app)).json();
    expect(session.status).toBe('ok');
    return { email: session.member_id as string, token: session.token as string };
  }

  it('mails a single-use link; the reset changes the password and ends the old sessions', async () => {
    const member = await registeredMember();
    expect((await me(member.token)).statusCode).toBe(200);

    const res = await forgot(member.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SAME_ANSWER);

    const mail = await smtp.waitFor(resetMailTo(member.email), 5_000);
    const token = tokenOf(mail);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/reset-password?token=${token}"`);
    // Only the hash is stored.
    const rows = await t.services.db.passwordReset.findMany({ where: { memberId: member.email } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashResetToken(token));
    expect(rows[0]!.tokenHash).not.toContain(token);
    const validFor = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    expect(validFor).toBeGreaterThan(59 * 60_000);
    expect(validFor).toBeLessThanOrEqual(60 * 60_000 + 1_000);

    const done = await reset({ token, password: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    const session = done.json();
    expect(session).toMatchObject({ status: 'ok', member_id: member.email });
    expect((await me(session.token)).statusCode).toBe(200);

    // The old session is over, the old password refused, the new one accepted.
    const old = await me(member.token);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ status: 'error' });
    expect((await login(member.email, GOOD_PASSWORD)).json().status).toBe('nopwd');
    const fresh = await login(member.email, NEW_PASSWORD);
    expect(fresh.json().status).toBe('ok');
    expect((await me(fresh.json().token)).statusCode).toBe(200);

    // The link works once.
    const again = await reset({ token, password: 'other!Pass999' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ status: 'error', field: 'token' });
    expect((await login(member.email, NEW_PASSWORD)).json().status).toBe('ok');
  });

  it('the link proves the address: an unverified member is verified and gets the welcome coins, once', async () => {
    const member = await registeredMember();
    const before = (await me(member.token)).json();
    expect(before).toMatchObject({ email_verified: false, cur_tokens: 0 });

    await forgot(member.email);
    const first = tokenOf(await smtp.waitFor(resetMailTo(member.email), 5_000));
    const done = await reset({ token: first, password: NEW_PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ email_verified: true, cur_tokens: WELCOME_COINS });
    expect((await me(done.json().token)).json()).toMatchObject({ email_verified: true, cur_tokens: WELCOME_COINS });

    // A second reset changes the password again and grants nothing more.
    await forgot(member.email);
    const second = tokenOf(
      await smtp.waitFor((mail) => resetMailTo(member.email)(mail) && !(mail.text ?? '').includes(first), 5_000),
    );
    const again = await reset({ token: second, password: 'other!Pass999' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ email_verified: true, cur_tokens: WELCOME_COINS });
    const welcome = await t.services.db.ledgerEntry.findMany({ where: { memberId: member.email, reason: 'welcome' } });
    expect(welcome).toHaveLength(1);
  });

  it('refuses a link after its hour', async () => {
    const member = await registeredMember();
    await forgot(member.email);
    const token = tokenOf(await smtp.waitFor(resetMailTo(member.email), 5_000));
    await t.services.db.passwordReset.updateMany({
      where: { tokenHash: hashResetToken(token) },
      data: { expiresAt: new Date(Date.now() - 1_000) },
    });
    const res = await reset({ token, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', field: 'token', message: expect.stringMatching(/expired/) });
    expect((await login(member.email, GOOD_PASSWORD)).json().status).toBe('ok');
    expect((await me(member.token)).statusCode).toBe(200);
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const unknown = `nobody.${Date.now()}@example.test`;
    const res = await forgot(unknown);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SAME_ANSWER);
    // A later mail to someone else arrives: the unknown address got nothing before or after it.
    const member = await registeredMember();
    await forgot(member.email);
    await smtp.waitFor(resetMailTo(member.email), 5_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails().filter((m) => mailRecipients(m).includes(unknown))).toEqual([]);
  });

  it('tells a Google-only member to sign in with Google, with no link', async () => {
    const google = await createMember(t.services.db);
    const res = await forgot(google.id);
    expect(res.json()).toEqual(SAME_ANSWER);
    const mail = await smtp.waitFor((m) => mailRecipients(m).includes(google.id), 5_000);
    expect(mail.subject).toBe('Your Velvet account uses Google sign-in');
    expect(mail.text).toContain('Continue with Google');
    expect(mail.text).not.toContain('reset-password');
    expect(await t.services.db.passwordReset.count({ where: { memberId: google.id } })).toBe(0);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [FORGOT, {}, 'email'],
      [FORGOT, { email: 'not an email' }, 'email'],
      [FORGOT, { email: 12 }, 'email'],
      [RESET, { password: NEW_PASSWORD }, 'token'],
      [RESET, { token: '../../etc/passwd', password: NEW_PASSWORD }, 'token'],
      [RESET, { token: 'A'.repeat(43) }, 'password'],
      [RESET, { token: 'A'.repeat(43), password: 'short' }, 'password'],
      [RESET, { token: 'A'.repeat(43), password: 'nospecial123' }, 'password'],
    ];
    for (const [url, payload, field] of cases) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', field, message: expect.stringContaining(field) });
    }
    const unknownToken = await reset({ token: 'A'.repeat(43), password: NEW_PASSWORD });
    expect(unknownToken.statusCode).toBe(400);
    expect(unknownToken.json()).toMatchObject({ status: 'error', field: 'token' });
  });

  it(`mails one address at most ${PASSWORD_RESET_MAX_PER_EMAIL} times an hour, with the same answer`, async () => {
    const member = await registeredMember();
    for (let i = 0; i < PASSWORD_RESET_MAX_PER_EMAIL + 2; i++) {
      // From different addresses: the per-address limit alone.
      const res = await forgot(member.email, `198.51.100.${i + 1}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(SAME_ANSWER);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.mails().filter(resetMailTo(member.email))).toHaveLength(PASSWORD_RESET_MAX_PER_EMAIL);
  });

  it('limits requests per client address with a 429 and Retry-After', async () => {
    for (let i = 0; i < PASSWORD_RESET_MAX_PER_IP; i++) {
      expect((await forgot(`flood${i}@example.test`, '203.0.113.77')).statusCode).toBe(200);
    }
    const res = await forgot('flood-last@example.test', '203.0.113.77');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ status: 'error', message: expect.stringMatching(/Too many password reset/) });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await forgot('someone@example.test', '203.0.113.78')).statusCode).toBe(200);
  });
});
