import { WELCOME_COINS } from '@velvet/contracts/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { bearer, GOOD_PASSWORD, registerThroughApi, uniqueMember } from '../../support/sessions.ts';
import { startTestSmtp, type TestSmtp } from '../../support/smtp.ts';
import { registerVerified, verifyThroughMail } from '../../support/verification.ts';

describe('POST /api/auth/register', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('creates the member unverified, answers the session, and grants the welcome coins once the mailed link is used', async () => {
    const who = uniqueMember();
    const before = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        member_id: who.email.toUpperCase(),
        member_pwd: GOOD_PASSWORD,
        nicname: ` ${who.nicname} `,
        adult_attestation: true,
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'ok',
      member_id: who.email,
      email: who.email,
      nicname: who.nicname,
      picture: '',
      cur_tokens: 0,
      member_kind: 'free',
      email_verified: false,
    });
    expect(body.message).toBe(
      `Welcome to Velvet! We sent a verification link to ${who.email}: verify your email to receive your ${WELCOME_COINS} welcome coins.`,
    );
    expect(body.token).toEqual(expect.any(String));

    const member = await t.services.db.member.findUniqueOrThrow({ where: { id: who.email } });
    expect(member.passwordHash).toMatch(/^\$argon2id\$/);
    expect(member.passwordHash).not.toContain(GOOD_PASSWORD);
    expect(member.adultAttestedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await t.services.db.ledgerEntry.count({ where: { memberId: who.email } })).toBe(0);

    const verified = await verifyThroughMail(t.app, smtp, who.email);
    expect(verified.json()).toEqual({
      status: 'ok',
      message: `Email verified. ${WELCOME_COINS} coins added.`,
      member_id: who.email,
      coins_added: WELCOME_COINS,
      cur_tokens: WELCOME_COINS,
    });
    const ledger = await t.services.db.ledgerEntry.findMany({ where: { memberId: who.email } });
    expect(ledger).toEqual([
      expect.objectContaining({ delta: WELCOME_COINS, balanceAfter: WELCOME_COINS, reason: 'welcome' }),
    ]);

    const me = await t.app.inject({ method: 'GET', url: '/api/members', headers: bearer(body.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      member_id: who.email,
      cur_tokens: WELCOME_COINS,
      email_verified: true,
      membership_expires_at: null,
    });
  });

  it.each([
    [{ adult_attestation: false }, 'adult_attestation'],
    [{ adult_attestation: undefined }, 'adult_attestation'],
    [{ adult_attestation: 'yes' }, 'adult_attestation'],
    [{ member_pwd: 'abcdefgh' }, 'member_pwd'],
    [{ member_pwd: 'a!1' }, 'member_pwd'],
    [{ member_id: 'not-an-email' }, 'member_id'],
    [{ nicname: 'x' }, 'nicname'],
    [{ nicname: '<script>' }, 'nicname'],
  ])('refuses %j with 400 naming %s and creates nothing', async (overrides, field) => {
    const who = uniqueMember();
    const res = await registerThroughApi(t.app, { member_id: who.email, ...overrides });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', field });
    expect(res.json().message).toContain(field);
    if (!('member_id' in overrides)) {
      expect(await t.services.db.member.count({ where: { id: who.email } })).toBe(0);
    }
  });

  it('refuses an email that is already registered, in any letter case', async () => {
    const first = await registerThroughApi(t.app);
    const email: string = first.json().member_id;
    const res = await registerThroughApi(t.app, { member_id: email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: 'error',
      message: 'This email is already registered. Please log in.',
      field: 'member_id',
    });
  });

  it('refuses a nickname another member has, in any letter case', async () => {
    const first = await registerThroughApi(t.app);
    const res = await registerThroughApi(t.app, { nicname: first.json().nicname.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      field: 'nicname',
      message: 'This nickname is already taken. Please choose another one.',
    });
  });

  it('lets exactly one of two simultaneous registrations of one email through', async () => {
    const who = uniqueMember();
    const results = await Promise.all(
      [1, 2].map((n) =>
        registerThroughApi(t.app, { member_id: who.email, nicname: `${who.nicname.slice(0, 25)}_${n}` }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.services.db.member.count({ where: { id: who.email } })).toBe(1);
    expect(await t.services.db.emailVerification.count({ where: { memberId: who.email } })).toBe(1);
  });
});

describe('POST /api/auth/self-login', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let email: string;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url });
    email = (await registerVerified(t.app, smtp)).member_id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const login = (member_id: string, member_pwd: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/self-login', payload: { member_id, member_pwd } });

  it('answers ok with the session for the right password (email in any case)', async () => {
    const res = await login(email.toUpperCase(), GOOD_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', member_id: email, cur_tokens: 500, member_kind: 'free' });
    const me = await t.app.inject({ method: 'GET', url: '/api/members', headers: bearer(res.json().token) });
    expect(me.json().member_id).toBe(email);
  });

  it('answers nopwd with a message for a wrong password', async () => {
    const res = await login(email, 'wrong!pass1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'nopwd',
      message: 'The password is incorrect. Please check it and try again.',
    });
  });

  it('answers no for an unregistered email', async () => {
    const res = await login(uniqueMember().email, GOOD_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('no');
  });

  it('answers nopwd for a member who only signs in with Google', async () => {
    const who = uniqueMember();
    await t.services.db.member.create({
      data: { id: who.email, nickname: who.nicname, nicknameKey: who.nicname, adultAttestedAt: new Date() },
    });
    const res = await login(who.email, GOOD_PASSWORD);
    expect(res.json()).toEqual({
      status: 'nopwd',
      message: 'This account signs in with Google. Please use Continue with Google.',
    });
  });

  it('names the field of a malformed body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/self-login', payload: { member_id: 'ann' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'member_id', message: 'member_id must be a valid email address' });
  });
});

describe('access tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ JWT_EXPIRES_IN: '1s' });
  });
  afterAll(() => t.close());

  it('expire', async () => {
    const token: string = (await registerThroughApi(t.app)).json().token;
    expect((await t.app.inject({ method: 'GET', url: '/api/members', headers: bearer(token) })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const res = await t.app.inject({ method: 'GET', url: '/api/members', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'error', message: 'Login required' });
  });

  it('signed with another key are refused', async () => {
    const other = await createTestApp({ JWT_SECRET: 'another-secret-that-is-long-enough-for-hs256!!' });
    try {
      const token: string = (await registerThroughApi(other.app)).json().token;
      expect((await t.app.inject({ method: 'GET', url: '/api/members', headers: bearer(token) })).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('sign-in rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX_PER_IP: '6', AUTH_RATE_LIMIT_MAX_PER_EMAIL: '3' });
  });
  afterAll(() => t.close());

  const login = (member_id: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/self-login',
      remoteAddress,
      payload: { member_id, member_pwd: 'wrong!pass1' },
    });

  // Per-email, per-address and per-pair delays: sign-in-limits.test.ts.
  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const email = uniqueMember().email;
    for (let i = 0; i < 3; i += 1) {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/self-login',
        remoteAddress: '10.3.0.1',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { member_id: uniqueMember().email, member_pwd: 'x!1yyyyy' },
      });
    }
    await login(email, '10.3.0.1');
    await login(email, '10.3.0.1');
    await login(email, '10.3.0.1');
    // 6 attempts from 10.3.0.1 so far, whatever the forwarded header said: the 7th is refused.
    expect((await login(uniqueMember().email, '10.3.0.1')).statusCode).toBe(429);
  });
});
