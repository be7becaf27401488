import { WELCOME_COINS } from '@velvet/contracts/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { startGoogleIdentityFake, type GoogleIdentityFake } from '../../support/google-identity.ts';
import { bearer, registerThroughApi, uniqueMember } from '../../support/sessions.ts';

// Real RS256 signatures from a locally generated key, verified by google-auth-library against a local
// server that serves the key the way Google's certs endpoint does.
describe('POST /api/auth/social-login (Google)', () => {
  let google: GoogleIdentityFake;
  let t: TestApp;
  let nonceCounter = 0;
  const freshNonce = () => `nonce-${Date.now()}-${nonceCounter++}`;

  beforeAll(async () => {
    google = await startGoogleIdentityFake();
    t = await createTestApp({ GOOGLE_CLIENT_ID: google.clientId, GOOGLE_CERTS_URL: google.certsUrl });
  });
  afterAll(async () => {
    await t.close();
    await google.stop();
  });

  const socialLogin = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/social-login', payload });

  it('publishes the client id and authorization endpoint for the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(res.json()).toEqual({
      google: { client_id: google.clientId, authorization_url: 'https://accounts.google.com/o/oauth2/v2/auth' },
    });
  });

  it('creates a member from the verified token only, with the welcome coins, and signs in', async () => {
    const who = uniqueMember('gina');
    const nonce = freshNonce();
    const googleToken = google.signIdToken({
      email: who.email.toUpperCase(),
      name: 'Gina <b>Rossi</b>',
      picture: 'https://lh3.googleusercontent.com/a/gina',
      nonce,
    });
    const res = await socialLogin({
      googleToken,
      nonce,
      adult_attestation: true,
      // Hints from the client are never trusted.
      email: 'someone.else@example.test',
      nicname: 'Admin',
      picture: 'https://evil.example/x.png',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      member_id: who.email,
      email: who.email,
      nicname: 'Gina b Rossi b',
      picture: 'https://lh3.googleusercontent.com/a/gina',
      cur_tokens: WELCOME_COINS,
      member_kind: 'free',
      message: 'Welcome to Velvet!',
    });
    const member = await t.services.db.member.findUniqueOrThrow({
      where: { id: who.email },
      include: { identities: true },
    });
    expect(member.passwordHash).toBeNull();
    expect(member.adultAttestedAt).toBeInstanceOf(Date);
    expect(member.identities).toHaveLength(1);
    expect(await t.services.db.member.count({ where: { id: 'someone.else@example.test' } })).toBe(0);
    const me = await t.app.inject({ method: 'GET', url: '/api/members', headers: bearer(res.json().token) });
    expect(me.json().member_id).toBe(who.email);
  });

  it('signs the same Google account in again without a second grant', async () => {
    const who = uniqueMember('greg');
    const sub = `sub-${who.nicname}`;
    for (let i = 0; i < 2; i += 1) {
      const nonce = freshNonce();
      const res = await socialLogin({
        googleToken: google.signIdToken({ sub, email: who.email, name: 'Greg', nonce }),
        nonce,
        adult_attestation: true,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().cur_tokens).toBe(WELCOME_COINS);
    }
    expect(await t.services.db.ledgerEntry.count({ where: { memberId: who.email } })).toBe(1);
  });

  it('links to an existing member by verified email', async () => {
    const registered = (await registerThroughApi(t.app)).json();
    const nonce = freshNonce();
    const res = await socialLogin({
      googleToken: google.signIdToken({ email: registered.member_id, name: 'Other Name', nonce }),
      nonce,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ member_id: registered.member_id, nicname: registered.nicname });
    expect(await t.services.db.authIdentity.count({ where: { memberId: registered.member_id } })).toBe(1);
  });

  it('counts a verified Google email as a verified address: the welcome coins come with it, once', async () => {
    const registered = (await registerThroughApi(t.app)).json();
    expect(registered).toMatchObject({ cur_tokens: 0, email_verified: false });
    for (let i = 0; i < 2; i += 1) {
      const nonce = freshNonce();
      const res = await socialLogin({ googleToken: google.signIdToken({ email: registered.member_id, nonce }), nonce });
      expect(res.json()).toMatchObject({
        member_id: registered.member_id,
        cur_tokens: WELCOME_COINS,
        email_verified: true,
      });
    }
    const ledger = await t.services.db.ledgerEntry.findMany({ where: { memberId: registered.member_id } });
    expect(ledger.map((e) => [e.reason, e.delta])).toEqual([['welcome', WELCOME_COINS]]);
  });

  it('needs the 18+ attestation to create a member', async () => {
    const nonce = freshNonce();
    const email = uniqueMember().email;
    const res = await socialLogin({ googleToken: google.signIdToken({ email, nonce }), nonce });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('adult_attestation');
    expect(await t.services.db.member.count({ where: { id: email } })).toBe(0);
  });

  const refusals: Array<[string, () => Record<string, unknown>, string]> = [
    [
      'a token for another audience',
      () => {
        const nonce = freshNonce();
        return { googleToken: google.signIdToken({ aud: 'someone-else.apps.googleusercontent.com', nonce }), nonce };
      },
      'Google sign-in could not be verified. Please try again.',
    ],
    [
      'an expired token',
      () => {
        const nonce = freshNonce();
        const now = Math.floor(Date.now() / 1000);
        return { googleToken: google.signIdToken({ iat: now - 7200, exp: now - 3600, nonce }), nonce };
      },
      'Google sign-in could not be verified. Please try again.',
    ],
    [
      'a bad signature (a key Google does not publish, same key id)',
      () => {
        const nonce = freshNonce();
        return { googleToken: google.signIdToken({ nonce }, { privateKey: google.strangerKey() }), nonce };
      },
      'Google sign-in could not be verified. Please try again.',
    ],
    [
      'a tampered payload',
      () => {
        const nonce = freshNonce();
        const [h, , s] = google.signIdToken({ email: 'a@example.test', nonce }).split('.');
        const forged = Buffer.from(
          JSON.stringify({
            iss: 'https://accounts.google.com',
            aud: google.clientId,
            sub: '1',
            email: 'admin@example.test',
            email_verified: true,
            nonce,
            iat: Math.floor(Date.now() / 1000),
            exp: Math.floor(Date.now() / 1000) + 600,
          }),
        ).toString('base64url');
        return { googleToken: `${h}.${forged}.${s}`, nonce };
      },
      'Google sign-in could not be verified. Please try again.',
    ],
    [
      'another issuer',
      () => {
        const nonce = freshNonce();
        return { googleToken: google.signIdToken({ iss: 'https://evil.example', nonce }), nonce };
      },
      'Google sign-in could not be verified. Please try again.',
    ],
    [
      'a nonce that is not the one sent',
      () => ({ googleToken: google.signIdToken({ nonce: freshNonce() }), nonce: freshNonce() }),
      'Google sign-in could not be verified (nonce mismatch). Please try again.',
    ],
    [
      'a token without a nonce',
      () => ({ googleToken: google.signIdToken({}), nonce: freshNonce() }),
      'Google sign-in could not be verified (nonce mismatch). Please try again.',
    ],
    [
      'an unverified email',
      () => {
        const nonce = freshNonce();
        return { googleToken: google.signIdToken({ email_verified: false, nonce }), nonce };
      },
      'Your Google account has no verified email address. Please verify it with Google or register with email.',
    ],
    [
      'something that is not a JWT',
      () => ({ googleToken: 'not.a.token', nonce: freshNonce() }),
      'Google sign-in could not be verified. Please try again.',
    ],
  ];

  it.each(refusals)('refuses %s with 401 and creates nothing', async (_name, payload, message) => {
    const before = await t.services.db.member.count();
    const res = await socialLogin({ ...payload(), adult_attestation: true });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'error', message, field: 'googleToken' });
    expect(await t.services.db.member.count()).toBe(before);
  });

  it('refuses a replayed token (the nonce is single-use)', async () => {
    const nonce = freshNonce();
    const body = {
      googleToken: google.signIdToken({ email: uniqueMember().email, nonce }),
      nonce,
      adult_attestation: true,
    };
    expect((await socialLogin(body)).statusCode).toBe(200);
    const replay = await socialLogin(body);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('This Google sign-in was already used. Please sign in again.');
  });

  it('refuses the email of a deleted account', async () => {
    const session = (await registerThroughApi(t.app)).json();
    await t.app.inject({ method: 'DELETE', url: '/api/members/delete', headers: bearer(session.token) });
    const nonce = freshNonce();
    const res = await socialLogin({
      googleToken: google.signIdToken({ email: session.member_id, nonce }),
      nonce,
      adult_attestation: true,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(
      /^The account with this email was deleted on \w+ \d+, \d{4}\. This email can be used to register again from \w+ \d+, \d{4}\.$/,
    );
  });

  it('caches Google keys instead of fetching them for every sign-in', () => {
    expect(google.certRequests()).toBe(1);
  });
});

describe('Google sign-in not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says so in the config and refuses social-login with 503', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/config' })).json()).toEqual({ google: null });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/social-login',
      payload: { googleToken: 'a.b.c', nonce: 'n' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Google sign-in is not available on this server.');
  });
});
