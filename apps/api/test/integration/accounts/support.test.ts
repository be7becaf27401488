import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/env.ts';
import { ensureAdminAccount } from '../../../src/services/members/ensure-admin.ts';
import { SUPPORT_REQUESTS_PER_HOUR } from '../../../src/services/support/support-requests.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { bearer, registerThroughApi, uniqueMember } from '../../support/sessions.ts';

const ADMIN_PASSWORD = 'support!Pass123';

describe('support requests', () => {
  let t: TestApp;
  let adminEmail: string;
  let adminToken: string;
  let member: { member_id: string; token: string };

  beforeAll(async () => {
    adminEmail = uniqueMember('support').email;
    t = await createTestApp({ ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD });
    // What server.ts does at start; a second call changes nothing.
    expect(await ensureAdminAccount(t.services.db, t.services.config)).toBe(adminEmail);
    expect(await ensureAdminAccount(t.services.db, t.services.config)).toBe(adminEmail);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/self-login',
      payload: { member_id: adminEmail, member_pwd: ADMIN_PASSWORD },
    });
    expect(login.json().status).toBe('ok');
    adminToken = login.json().token;
    member = (await registerThroughApi(t.app)).json();
    await t.services.db.qna.deleteMany({});
  });
  afterAll(() => t.close());

  const send = (token: string | null, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/qna', headers: token ? bearer(token) : {}, payload });

  it('stores the member, option and contents', async () => {
    const res = await send(member.token, {
      board_cd: 'QNA',
      board_title: 'billing',
      contents: '  My coins did not arrive.  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
    const rows = await t.services.db.qna.findMany({ where: { memberId: member.member_id } });
    expect(rows).toEqual([
      expect.objectContaining({
        boardCd: 'QNA',
        boardTitle: 'billing',
        contents: 'My coins did not arrive.',
        status: 'open',
      }),
    ]);
  });

  it.each([
    [{ board_cd: 'QNA', board_title: 'sales', contents: 'x' }, 'board_title'],
    [{ board_cd: 'QNA', contents: 'x' }, 'board_title'],
    [{ board_cd: 'QNA', board_title: 'general', contents: '   ' }, 'contents'],
    [{ board_cd: 'QNA', board_title: 'general', contents: 'x'.repeat(5001) }, 'contents'],
    [{ board_cd: 'FAQ', board_title: 'general', contents: 'x' }, 'board_cd'],
  ])('refuses %j with 400 naming %s', async (payload, field) => {
    const res = await send(member.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', field });
    expect(res.json().message).toContain(field);
  });

  it('says how long the contents may be', async () => {
    const res = await send(member.token, { board_cd: 'QNA', board_title: 'general', contents: 'x'.repeat(5001) });
    expect(res.json().message).toBe('contents must be at most 5000 characters');
  });

  it('needs a signed-in member', async () => {
    expect((await send(null, { board_cd: 'QNA', board_title: 'general', contents: 'hi' })).statusCode).toBe(401);
  });

  it('limits one member to a sane number per hour', async () => {
    const spammer = (await registerThroughApi(t.app)).json();
    for (let i = 0; i < SUPPORT_REQUESTS_PER_HOUR; i += 1) {
      expect((await send(spammer.token, { board_cd: 'QNA', board_title: 'other', contents: `n${i}` })).statusCode).toBe(
        200,
      );
    }
    const res = await send(spammer.token, { board_cd: 'QNA', board_title: 'other', contents: 'one more' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many support requests\. Please try again in \d+ minutes\.$/);
    await t.services.db.qna.deleteMany({ where: { memberId: spammer.member_id } });
  });

  describe('the admin view', () => {
    let ids: string[];
    beforeAll(async () => {
      await t.services.db.qna.deleteMany({});
      const author = (await registerThroughApi(t.app)).json();
      const options = ['general', 'technical', 'billing', 'other', 'technical'];
      ids = [];
      for (const [i, board_title] of options.entries()) {
        await send(author.token, { board_cd: 'QNA', board_title, contents: `request ${i}` });
        const row = await t.services.db.qna.findFirstOrThrow({ where: { contents: `request ${i}` } });
        ids.push(row.id);
      }
    });

    const list = (query: string, token: string | null = adminToken) =>
      t.app.inject({ method: 'GET', url: `/api/admin/qna${query}`, headers: token ? bearer(token) : {} });

    it('is refused to members (403) and to guests (401)', async () => {
      expect((await list('', member.token)).statusCode).toBe(403);
      expect((await list('', member.token)).json()).toEqual({
        status: 'error',
        message: 'Support access required',
      });
      expect((await list('', null)).statusCode).toBe(401);
      const patch = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/qna/${ids[0]}`,
        headers: bearer(member.token),
        payload: { status: 'closed' },
      });
      expect(patch.statusCode).toBe(403);
    });

    it('lists newest first, paged, with the author', async () => {
      const page1 = (await list('?limit=2&page=1')).json();
      expect(page1.total_count).toBe(5);
      expect(page1.list.map((q: { contents: string }) => q.contents)).toEqual(['request 4', 'request 3']);
      expect(page1.list[0]).toMatchObject({ board_cd: 'QNA', board_title: 'technical', status: 'open', answer: null });
      expect(page1.list[0].member_id).toMatch(/@example\.test$/);
      const page3 = (await list('?limit=2&page=3')).json();
      expect(page3.list.map((q: { contents: string }) => q.contents)).toEqual(['request 0']);
    });

    it('filters by option and by status', async () => {
      const technical = (await list('?board_title=technical')).json();
      expect(technical.list.map((q: { contents: string }) => q.contents)).toEqual(['request 4', 'request 1']);
      const patched = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/qna/${ids[1]}`,
        headers: bearer(adminToken),
        payload: { status: 'answered', answer: 'Fixed, thanks!' },
      });
      expect(patched.statusCode).toBe(200);
      expect(patched.json().qna).toMatchObject({
        status: 'answered',
        answer: 'Fixed, thanks!',
        answered_at: expect.any(String),
      });
      const answered = (await list('?status=answered')).json();
      expect(answered.list.map((q: { id: string }) => q.id)).toEqual([ids[1]]);
      expect((await list('?status=open&board_title=technical')).json().total_count).toBe(1);
    });

    it.each([
      ['?status=lost', 'status'],
      ['?board_title=sales', 'board_title'],
      ['?limit=500', 'limit'],
      ['?page=0', 'page'],
    ])('refuses the query %s with 400 naming %s', async (query, field) => {
      const res = await list(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
    });

    it('validates status updates and answers 404 for an unknown request', async () => {
      const patch = (id: string, payload: Record<string, unknown>) =>
        t.app.inject({ method: 'PATCH', url: `/api/admin/qna/${id}`, headers: bearer(adminToken), payload });
      expect((await patch(ids[0]!, { status: 'answered' })).json()).toMatchObject({
        field: 'answer',
        message: "answer is required when status is 'answered'",
      });
      expect((await patch(ids[0]!, { status: 'gone' })).json().field).toBe('status');
      expect((await patch('not-a-uuid', { status: 'closed' })).json().field).toBe('id');
      const missing = await patch('01900000-0000-7000-8000-000000000000', { status: 'closed' });
      expect(missing.statusCode).toBe(404);
      expect((await patch(ids[0]!, { status: 'closed' })).json().qna.status).toBe('closed');
    });

    it('hides the author of a deleted account', async () => {
      const author = (await registerThroughApi(t.app)).json();
      await send(author.token, { board_cd: 'QNA', board_title: 'other', contents: 'please delete me' });
      await t.app.inject({ method: 'DELETE', url: '/api/members/delete', headers: bearer(author.token) });
      const row = (await list('')).json().list.find((q: { contents: string }) => q.contents === 'please delete me');
      expect(row).toMatchObject({ member_id: null, nicname: null });
    });
  });
});

describe('the seeded admin account', () => {
  it('is created only when both ADMIN_EMAIL and ADMIN_PASSWORD are set', async () => {
    const t = await createTestApp();
    try {
      expect(await ensureAdminAccount(t.services.db, t.services.config)).toBeNull();
    } finally {
      await t.close();
    }
  });

  it('refuses a weak admin password at start-up', () => {
    expect(() => loadConfig({ ...process.env, JWT_SECRET: 'x'.repeat(40), ADMIN_PASSWORD: 'short' })).toThrow(
      /ADMIN_PASSWORD must be at least 10 characters/,
    );
  });
});
