import { WELCOME_COINS } from '@velvet/contracts/catalog';
import { API_PATHS } from '@velvet/contracts/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousIdFor, formatHoldDate } from '../../../src/services/members/deleted-accounts.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { bearer, GOOD_PASSWORD, registerThroughApi } from '../../support/sessions.ts';
import { startTestSmtp, type TestSmtp } from '../../support/smtp.ts';
import { registerVerified, verifyThroughMail } from '../../support/verification.ts';

const DAY_MS = 86_400_000;

// Issue 12, part 6: a deleted account's email says so (and until when) at sign-in and registration,
// instead of 'unregistered' followed by a refused sign-up; after DELETED_EMAIL_HOLD_DAYS it registers.
describe('deleted accounts tell the truth', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, DELETED_EMAIL_HOLD_DAYS: '14' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const login = (member_id: string) =>
    t.app.inject({ method: 'POST', url: API_PATHS.selfLogin, payload: { member_id, member_pwd: GOOD_PASSWORD } });
  const deleteAccount = async (token: string) => {
    const res = await t.app.inject({ method: 'DELETE', url: API_PATHS.deleteMember, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
  };
  /** Moves the newest deletion of `email` back in time, as if `days` had passed. */
  const age = (email: string, days: number) =>
    t.services.db.member.update({
      where: { id: anonymousIdFor(email) },
      data: { deletedAt: new Date(Date.now() - days * DAY_MS) },
    });

  it('sign-in says the account was deleted and from which date the email can be used again; registration says the same', async () => {
    const s = await registerVerified(t.app, smtp);
    await deleteAccount(s.token);
    const deletedAt = (await t.services.db.member.findUniqueOrThrow({ where: { id: anonymousIdFor(s.member_id) } }))
      .deletedAt!;
    const expected =
      `The account with this email was deleted on ${formatHoldDate(deletedAt)}. ` +
      `This email can be used to register again from ${formatHoldDate(new Date(deletedAt.getTime() + 14 * DAY_MS))}.`;

    const signIn = await login(s.member_id.toUpperCase());
    expect(signIn.statusCode).toBe(200);
    // nopwd: the modal stays on sign-in and shows the message (no switch to a refused registration).
    expect(signIn.json()).toEqual({ status: 'nopwd', message: expected });

    const register = await registerThroughApi(t.app, { member_id: s.member_id });
    expect(register.statusCode).toBe(409);
    expect(register.json()).toEqual({ status: 'error', message: expected, field: 'member_id' });
  });

  it('after the hold the email is unregistered again and registers normally; a second deletion holds it again', async () => {
    const s = await registerVerified(t.app, smtp);
    await deleteAccount(s.token);
    await age(s.member_id, 13.9);
    expect((await login(s.member_id)).json().status).toBe('nopwd');
    expect((await registerThroughApi(t.app, { member_id: s.member_id })).statusCode).toBe(409);

    await age(s.member_id, 14.01);
    expect((await login(s.member_id)).json()).toEqual({ status: 'no', message: 'This email is not registered.' });
    const again = await registerThroughApi(t.app, { member_id: s.member_id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ member_id: s.member_id, cur_tokens: 0, email_verified: false });
    // The welcome coins are once per address: the earlier account had them.
    expect(again.json().message).toBe(
      `Welcome to Velvet! We sent a verification link to ${s.member_id}: verify your email.`,
    );
    const verified = await verifyThroughMail(t.app, smtp, s.member_id);
    expect(verified.json()).toMatchObject({ message: 'Email verified.', coins_added: 0, cur_tokens: 0 });
    expect((await login(s.member_id)).json()).toMatchObject({ status: 'ok', email_verified: true });

    // Deleting the new account works too, and the hold counts from this deletion.
    await deleteAccount(again.json().token);
    const signIn = await login(s.member_id);
    expect(signIn.json().status).toBe('nopwd');
    expect(signIn.json().message).toContain(`deleted on ${formatHoldDate(new Date())}`);
    const deletions = await t.services.db.member.findMany({
      where: { id: { startsWith: anonymousIdFor(s.member_id) } },
      select: { id: true, ledgerEntries: { select: { reason: true, delta: true } } },
      orderBy: { deletedAt: 'asc' },
    });
    expect(deletions.map((d) => d.ledgerEntries)).toEqual([[{ reason: 'welcome', delta: WELCOME_COINS }], []]);
    expect(deletions[1]!.id).toBe(anonymousIdFor(s.member_id));
  });
});

describe('deleted accounts with DELETED_EMAIL_HOLD_DAYS=0', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DELETED_EMAIL_HOLD_DAYS: '0' });
  });
  afterAll(() => t.close());

  it('lets the email register again at once', async () => {
    const s = (await registerThroughApi(t.app)).json();
    await t.app.inject({ method: 'DELETE', url: API_PATHS.deleteMember, headers: bearer(s.token) });
    const signIn = await t.app.inject({
      method: 'POST',
      url: API_PATHS.selfLogin,
      payload: { member_id: s.member_id, member_pwd: GOOD_PASSWORD },
    });
    expect(signIn.json().status).toBe('no');
    expect((await registerThroughApi(t.app, { member_id: s.member_id })).statusCode).toBe(200);
  });
});
