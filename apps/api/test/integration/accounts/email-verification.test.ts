import { WELCOME_COINS } from '@velvet/contracts/catalog';
import { API_PATHS } from '@velvet/contracts/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashVerificationToken } from '../../../src/services/auth/verify-email.ts';
import { emailDigest } from '../../../src/services/members/deleted-accounts.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { bearer, registerThroughApi } from '../../support/sessions.ts';
import { startTestSmtp, type TestSmtp } from '../../support/smtp.ts';
import {
  isVerificationMailTo,
  latestVerificationMail,
  verificationLink,
  verifyThroughMail,
} from '../../support/verification.ts';

describe('email verification', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://velvet.example' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const register = async () => {
    const res = await registerThroughApi(t.app);
    expect(res.statusCode).toBe(200);
    return res.json() as { member_id: string; token: string; cur_tokens: number; email_verified: boolean };
  };
  const verify = (token: string) => t.app.inject({ method: 'POST', url: API_PATHS.verifyEmail, payload: { token } });
  const resend = (token: string) =>
    t.app.inject({ method: 'POST', url: API_PATHS.resendVerification, headers: bearer(token) });
  const ledgerOf = (memberId: string) =>
    t.services.db.ledgerEntry.findMany({ where: { memberId }, select: { reason: true, delta: true } });

  it('mails a single-use link under PUBLIC_URL whose token is stored only as a hash', async () => {
    const s = await register();
    expect(s).toMatchObject({ cur_tokens: 0, email_verified: false });
    const mail = await latestVerificationMail(smtp, s.member_id);
    expect(mail.subject).toBe('Confirm your email address for Velvet');
    const { url, token } = verificationLink(mail);
    expect(url).toBe(`https://velvet.example/verify-email?token=${token}`);
    expect(mail.html).toContain(url);
    expect(mail.text).toContain(`${WELCOME_COINS} welcome coins`);
    const rows = await t.services.db.emailVerification.findMany({ where: { memberId: s.member_id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashVerificationToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBeCloseTo(48 * 3_600_000, -4);
  });

  it('lets the unverified member sign in and use the app, with no coins until verified', async () => {
    const s = await register();
    const me = await t.app.inject({ method: 'GET', url: API_PATHS.getMember, headers: bearer(s.token) });
    expect(me.json()).toMatchObject({ cur_tokens: 0, email_verified: false });
    expect(await ledgerOf(s.member_id)).toEqual([]);
  });

  it('grants the welcome coins exactly once, whatever happens: double click, two tabs, two links', async () => {
    const s = await register();
    const first = verificationLink(await latestVerificationMail(smtp, s.member_id)).token;
    // A second link (resend) is also valid until used.
    expect((await resend(s.token)).statusCode).toBe(200);
    await smtp.waitFor((m) => isVerificationMailTo(s.member_id)(m) && !m.text!.includes(first));
    const second = verificationLink(await latestVerificationMail(smtp, s.member_id)).token;
    expect(second).not.toBe(first);

    const results = await Promise.all([verify(first), verify(first), verify(second), verify(second)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const bodies = results.map((r) => r.json());
    expect(bodies.map((b) => b.coins_added).sort()).toEqual([0, 0, 0, WELCOME_COINS]);
    expect(bodies.filter((b) => b.coins_added === 0).map((b) => b.message)).toEqual([
      'Your email is already verified.',
      'Your email is already verified.',
      'Your email is already verified.',
    ]);
    expect(bodies.find((b) => b.coins_added > 0)).toMatchObject({
      message: `Email verified. ${WELCOME_COINS} coins added.`,
      cur_tokens: WELCOME_COINS,
    });
    expect(await ledgerOf(s.member_id)).toEqual([{ reason: 'welcome', delta: WELCOME_COINS }]);

    // Later clicks change nothing either.
    const again = await verify(first);
    expect(again.json()).toMatchObject({ coins_added: 0, cur_tokens: WELCOME_COINS });
    const me = await t.app.inject({ method: 'GET', url: API_PATHS.getMember, headers: bearer(s.token) });
    expect(me.json()).toMatchObject({ cur_tokens: WELCOME_COINS, email_verified: true });
  });

  it('explains an expired link with a 400 naming token, and grants nothing', async () => {
    const s = await register();
    const { token } = verificationLink(await latestVerificationMail(smtp, s.member_id));
    await t.services.db.emailVerification.updateMany({
      where: { memberId: s.member_id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const res = await verify(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      message: 'This verification link has expired. Send a new one from your account page.',
      field: 'token',
    });
    expect(await ledgerOf(s.member_id)).toEqual([]);
    // A new link works.
    expect((await resend(s.token)).statusCode).toBe(200);
    await smtp.waitFor((m) => isVerificationMailTo(s.member_id)(m) && !m.text!.includes(token));
    expect((await verifyThroughMail(t.app, smtp, s.member_id)).json()).toMatchObject({ coins_added: WELCOME_COINS });
  });

  it.each([
    ['an unknown token', { token: 'x'.repeat(43) }, 'This verification link is not valid.'],
    ['a malformed token', { token: 'not a token!' }, 'token must be the code from the verification link'],
    ['no token', {}, 'token is required'],
    ['a NUL in the token', { token: `${'a'.repeat(42)}\u0000` }, 'token must'],
  ])('refuses %s with a 400 naming token', async (_, payload, message) => {
    const res = await t.app.inject({ method: 'POST', url: API_PATHS.verifyEmail, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', field: 'token' });
    expect(res.json().message).toContain(message);
  });

  it('limits resends to one a minute and five mails a day, with Retry-After', async () => {
    const s = await register();
    await latestVerificationMail(smtp, s.member_id);
    const first = await resend(s.token);
    expect(first.json()).toEqual({ status: 'ok', message: `We sent a new verification link to ${s.member_id}.` });
    const tooSoon = await resend(s.token);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toBe(
      'A verification email was sent less than a minute ago. Please wait a minute before asking again.',
    );
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(tooSoon.headers['retry-after'])).toBeLessThanOrEqual(60);

    const forgetMinute = () => t.services.redis.del(`verify-email:resend:${emailDigest(s.member_id)}`);
    // Past the minute (the gate forgotten), the day's count still holds: 5 mails, registration's included.
    for (let sent = 2; sent < 5; sent += 1) {
      await forgetMinute();
      expect((await resend(s.token)).statusCode).toBe(200);
    }
    await forgetMinute();
    const sixth = await resend(s.token);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('You can ask for 5 verification emails a day. Please try again tomorrow.');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(86_000);
    expect(await t.services.db.emailVerification.count({ where: { memberId: s.member_id } })).toBe(5);
  });

  it('refuses a resend for a verified member (409) and for a guest (401)', async () => {
    const s = await register();
    await verifyThroughMail(t.app, smtp, s.member_id);
    const res = await resend(s.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 'error', message: 'Your email is already verified.' });
    expect((await t.app.inject({ method: 'POST', url: API_PATHS.resendVerification })).statusCode).toBe(401);
  });

  it('keeps a link of a deleted account from verifying anything', async () => {
    const s = await register();
    const { token } = verificationLink(await latestVerificationMail(smtp, s.member_id));
    await t.app.inject({ method: 'DELETE', url: API_PATHS.deleteMember, headers: bearer(s.token) });
    const res = await verify(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('token');
  });
});

describe('email verification when the mail cannot be sent', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on this port: the SMTP connection is refused.
    t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(() => t.close());

  it('still registers the member and says how to get a new link', async () => {
    const res = await registerThroughApi(t.app);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ cur_tokens: 0, email_verified: false });
    expect(res.json().message).toBe(
      `Welcome to Velvet! The verification email could not be sent: ask for a new one on your account page to receive your ${WELCOME_COINS} welcome coins.`,
    );
  });
});
