import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousIdFor } from '../../../src/services/members/deleted-accounts.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { createProcessingRun } from '../../support/factories.ts';
import { bearer, GOOD_PASSWORD, registerThroughApi, uniqueMember } from '../../support/sessions.ts';
import { startTestSmtp, type TestSmtp } from '../../support/smtp.ts';
import { registerVerified } from '../../support/verification.ts';

describe('member account calls', () => {
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

  const newSession = async () =>
    (await registerThroughApi(t.app)).json() as { member_id: string; nicname: string; token: string };

  describe('PUT /api/members (nickname)', () => {
    it('changes the nickname and answers success with the stored value', async () => {
      const s = await newSession();
      const wanted = uniqueMember('neo').nicname;
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/members',
        headers: bearer(s.token),
        payload: { nicname: `  ${wanted} ` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'success', nicname: wanted });
      const me = await t.app.inject({ method: 'GET', url: '/api/members', headers: bearer(s.token) });
      expect(me.json().nicname).toBe(wanted);
    });

    it('keeps the own nickname with another letter case', async () => {
      const s = await newSession();
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/members',
        headers: bearer(s.token),
        payload: { nicname: s.nicname.toUpperCase() },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().nicname).toBe(s.nicname.toUpperCase());
    });

    it("refuses another member's nickname with 409 and a clear message", async () => {
      const a = await newSession();
      const b = await newSession();
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/members',
        headers: bearer(b.token),
        payload: { nicname: a.nicname.toUpperCase() },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        status: 'error',
        message: 'This nickname is already taken. Please choose another one.',
        field: 'nicname',
      });
      const me = await t.app.inject({ method: 'GET', url: '/api/members', headers: bearer(b.token) });
      expect(me.json().nicname).toBe(b.nicname);
    });

    it.each([[''], ['a'], ['x'.repeat(31)], ['bad<name>'], [42]])(
      'refuses %j with 400 naming nicname',
      async (nicname) => {
        const s = await newSession();
        const res = await t.app.inject({
          method: 'PUT',
          url: '/api/members',
          headers: bearer(s.token),
          payload: { nicname },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().field).toBe('nicname');
      },
    );

    it('needs a signed-in member', async () => {
      const res = await t.app.inject({ method: 'PUT', url: '/api/members', payload: { nicname: 'Someone' } });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('DELETE /api/members/delete', () => {
    it('anonymises the member, unpublishes their images, keeps the ledger and ends the session', async () => {
      const s = await registerVerified(t.app, smtp);
      const runId = await createProcessingRun(t.services.db, s.member_id, 2);
      await t.services.db.image.updateMany({ where: { runId }, data: { status: 'complete', isOpen: true } });
      await t.services.db.qna.create({ data: { memberId: s.member_id, boardTitle: 'general', contents: 'hello' } });

      const res = await t.app.inject({ method: 'DELETE', url: '/api/members/delete', headers: bearer(s.token) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'success', message: 'Your account has been deleted.' });

      const anonymousId = anonymousIdFor(s.member_id);
      expect(await t.services.db.member.count({ where: { id: s.member_id } })).toBe(0);
      const member = await t.services.db.member.findUniqueOrThrow({ where: { id: anonymousId } });
      expect(member).toMatchObject({ nickname: null, nicknameKey: null, picture: null, passwordHash: null });
      expect(member.deletedAt).toBeInstanceOf(Date);
      expect(JSON.stringify(member)).not.toContain(s.member_id);

      const images = await t.services.db.image.findMany({ where: { runId } });
      expect(images.map((i) => [i.ownerId, i.isOpen])).toEqual([
        [anonymousId, false],
        [anonymousId, false],
      ]);
      const ledger = await t.services.db.ledgerEntry.findMany({ where: { memberId: anonymousId } });
      expect(ledger.map((e) => e.reason)).toEqual(['welcome']);
      expect(ledger.some((e) => e.idempotencyKey.includes(s.member_id))).toBe(false);

      // The old token no longer works, and the email can neither sign in nor register during the hold
      // (deleted-accounts.test.ts holds the messages and the hold's end).
      expect((await t.app.inject({ method: 'GET', url: '/api/members', headers: bearer(s.token) })).statusCode).toBe(
        401,
      );
      const again = await t.app.inject({ method: 'DELETE', url: '/api/members/delete', headers: bearer(s.token) });
      expect(again.statusCode).toBe(401);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/self-login',
        payload: { member_id: s.member_id, member_pwd: GOOD_PASSWORD },
      });
      expect(login.json().status).toBe('nopwd');
      expect(login.json().message).toContain('The account with this email was deleted on');
      const register = await registerThroughApi(t.app, { member_id: s.member_id });
      expect(register.statusCode).toBe(409);
      expect(register.json().message).toBe(login.json().message);
      // The nickname is free again.
      const reuse = await registerThroughApi(t.app, { nicname: s.nicname });
      expect(reuse.statusCode).toBe(200);
    });

    it('needs a signed-in member', async () => {
      expect((await t.app.inject({ method: 'DELETE', url: '/api/members/delete' })).statusCode).toBe(401);
    });
  });
});
