// The support console's Inbox (issue 15): ordering, paging, filters, search, the member's context,
// replies (stored once per request_id, mailed, visible to the member), closing, 409 on repeat, audit.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { createCompleteImages, createMember } from '../../support/factories.ts';
import { bearer, registerThroughApi } from '../../support/sessions.ts';
import { mailRecipients, startTestSmtp, type TestSmtp } from '../../support/smtp.ts';

const SUBJECT = 'Velvet support answered your request';
const HOUR = 3_600_000;

describe('support console: inbox', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let support: { id: string; token: string };
  let member: { member_id: string; token: string };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://velvet.example' });
    const person = await createMember(t.services.db);
    await t.services.db.member.update({ where: { id: person.id }, data: { role: 'support' } });
    support = { id: person.id, token: t.app.signAccessToken({ sub: person.id, role: 'support' }) };
    member = (await registerThroughApi(t.app)).json();
    await t.services.db.qna.deleteMany({});
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const ask = async (token: string, board_title: string, contents: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/qna',
      headers: bearer(token),
      payload: { board_cd: 'QNA', board_title, contents },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (await t.services.db.qna.findFirstOrThrow({ where: { contents } })).id;
  };
  const get = (url: string, token = support.token) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, payload?: object, token = support.token) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const contentsOf = (res: { json(): { items: Array<{ contents: string }> } }) =>
    res.json().items.map((item) => item.contents);

  it('refuses members (403) and guests (401) on every inbox route', async () => {
    const id = randomUUID();
    for (const [method, url] of [
      ['GET', '/api/admin/inbox'],
      ['GET', `/api/admin/inbox/${id}`],
      ['POST', `/api/admin/inbox/${id}/replies`],
      ['POST', `/api/admin/inbox/${id}/close`],
    ] as const) {
      const asMember = await t.app.inject({ method, url, headers: bearer(member.token) });
      expect(asMember.statusCode, url).toBe(403);
      expect(asMember.json().message).toBe('Support access required');
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });

  describe('the list', () => {
    let authorEmail: string;
    beforeAll(async () => {
      await t.services.db.qna.deleteMany({});
      const author = (await registerThroughApi(t.app)).json();
      authorEmail = author.member_id;
      const options = ['billing', 'technical', 'general', 'technical', 'other'];
      for (const [i, option] of options.entries()) {
        const id = await ask(author.token, option, `list request ${i}`);
        // Spread over the past hours so 'oldest first' is observable; request 0 is the oldest.
        await t.services.db.qna.update({ where: { id }, data: { createdAt: new Date(Date.now() - (10 - i) * HOUR) } });
      }
    });

    it('lists new requests oldest first with the 24-hour deadline, keyset-paged', async () => {
      const first = await get('/api/admin/inbox?limit=2');
      expect(first.statusCode, first.body).toBe(200);
      expect(contentsOf(first)).toEqual(['list request 0', 'list request 1']);
      const row = first.json().items[0];
      expect(row).toMatchObject({ status: 'new', option: 'billing', reply_count: 0, member_id: expect.any(String) });
      expect(Date.parse(row.due_at) - Date.parse(row.created_at)).toBe(24 * HOUR);
      expect(first.json().next_cursor).toEqual(expect.any(String));

      const second = await get(`/api/admin/inbox?limit=2&cursor=${first.json().next_cursor}`);
      expect(contentsOf(second)).toEqual(['list request 2', 'list request 3']);
      const last = await get(`/api/admin/inbox?limit=2&cursor=${second.json().next_cursor}`);
      expect(contentsOf(last)).toEqual(['list request 4']);
      expect(last.json().next_cursor).toBeNull();
    });

    it('filters by option and searches contents and the member email', async () => {
      expect(contentsOf(await get('/api/admin/inbox?option=technical'))).toEqual(['list request 1', 'list request 3']);
      expect(contentsOf(await get('/api/admin/inbox?q=REQUEST%204'))).toEqual(['list request 4']);
      const byEmail = await get(`/api/admin/inbox?q=${encodeURIComponent(authorEmail.split('@')[0]!.toUpperCase())}`);
      expect(contentsOf(byEmail)).toHaveLength(5);
      expect(contentsOf(await get(`/api/admin/inbox?q=${encodeURIComponent(member.member_id)}`))).toEqual([]);
    });

    it('answers 400 naming the field for a bad status, option or cursor', async () => {
      for (const [query, field] of [
        ['status=open', 'status'],
        ['option=sales', 'option'],
        ['cursor=not-a-cursor', 'cursor'],
        ['limit=101', 'limit'],
      ]) {
        const res = await get(`/api/admin/inbox?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().field, query).toBe(field);
      }
    });
  });

  it('shows a request with the member context, replies once per request_id, mails it, and the member sees it', async () => {
    const id = await ask(member.token, 'billing', 'Where are my 500 coins?');
    const [image] = await createCompleteImages(t.services, member.member_id, 1);
    await t.services.db.claim.create({ data: { imageId: image!, memberId: member.member_id, coins: 25 } });

    const detail = await get(`/api/admin/inbox/${id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().item).toMatchObject({ id, status: 'new', contents: 'Where are my 500 coins?' });
    expect(detail.json().replies).toEqual([]);
    expect(detail.json().member).toMatchObject({
      email: member.member_id,
      member_kind: 'free',
      cur_tokens: expect.any(Number),
      claims: [expect.objectContaining({ image_id: image, status: 'pending', coins: 25 })],
      recent_generations: [expect.objectContaining({ prompt: 'a lighthouse in the fog' })],
    });

    const body = { body: 'We found them: <b>refunded</b>.', request_id: randomUUID() };
    // A double-submitted reply (the same request_id twice at once) is stored and mailed once.
    const [a, b] = await Promise.all([
      post(`/api/admin/inbox/${id}/replies`, body),
      post(`/api/admin/inbox/${id}/replies`, body),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().reply.id).toBe(b.json().reply.id);
    expect(a.json().item).toMatchObject({ status: 'answered', reply_count: 1 });
    expect(a.json().reply).toMatchObject({ author_id: support.id, body: body.body });

    const mail = await smtp.waitFor((m) => mailRecipients(m).includes(member.member_id) && m.subject === SUBJECT);
    expect(mail.text).toContain('We found them: <b>refunded</b>.');
    expect(mail.text).toContain('https://velvet.example/support');

    // A second reply is another row and another mail.
    const second = await post(`/api/admin/inbox/${id}/replies`, { body: 'Anything else?', request_id: randomUUID() });
    expect(second.json().item.reply_count).toBe(2);
    await smtp.waitFor(
      (m) => mailRecipients(m).includes(member.member_id) && (m.text ?? '').includes('Anything else?'),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      smtp.mails().filter((m) => mailRecipients(m).includes(member.member_id) && m.subject === SUBJECT),
    ).toHaveLength(2);

    const mine = await get('/api/qna', member.token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().list[0]).toMatchObject({
      id,
      status: 'answered',
      option: 'billing',
      contents: 'Where are my 500 coins?',
      replies: [
        { body: 'We found them: <b>refunded</b>.', created_at: expect.any(String) },
        { body: 'Anything else?', created_at: expect.any(String) },
      ],
    });
    // Support's identity stays inside the team.
    expect(mine.json().list[0].replies[0]).not.toHaveProperty('author_id');

    const answered = await get('/api/admin/inbox?status=answered');
    expect(answered.json().items.map((item: { id: string }) => item.id)).toContain(id);

    const audit = await t.services.db.auditEntry.findMany({ where: { targetId: id }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((row) => [row.action, row.actorId, row.targetType])).toEqual([
      ['qna.reply', support.id, 'qna'],
      ['qna.reply', support.id, 'qna'],
    ]);
  });

  it('closes once: a second close (or a reply) gets 409 saying who closed it and when', async () => {
    const id = await ask(member.token, 'other', 'Please close my ticket.');
    const [first, second] = await Promise.all([
      post(`/api/admin/inbox/${id}/close`),
      post(`/api/admin/inbox/${id}/close`),
    ]);
    const codes = [first.statusCode, second.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json().message).toMatch(
      new RegExp(
        `^Already handled: closed by ${support.id.replace(/\./g, '\\.')} at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\.$`,
      ),
    );
    const reply = await post(`/api/admin/inbox/${id}/replies`, { body: 'Too late', request_id: randomUUID() });
    expect(reply.statusCode).toBe(409);
    expect((await get(`/api/admin/inbox/${id}`)).json().item).toMatchObject({
      status: 'closed',
      closed_by: support.id,
    });
    const audit = await t.services.db.auditEntry.findMany({ where: { targetId: id } });
    expect(audit).toEqual([
      expect.objectContaining({ action: 'qna.close', before: { status: 'new' }, after: { status: 'closed' } }),
    ]);
  });

  it('refuses a blank reply or a missing request_id with 400 naming the field', async () => {
    const id = await ask(member.token, 'general', 'Blank replies?');
    const blank = await post(`/api/admin/inbox/${id}/replies`, { body: '   ', request_id: randomUUID() });
    expect([blank.statusCode, blank.json().field]).toEqual([400, 'body']);
    const noId = await post(`/api/admin/inbox/${id}/replies`, { body: 'Hello' });
    expect([noId.statusCode, noId.json().field]).toEqual([400, 'request_id']);
    expect((await post(`/api/admin/inbox/${randomUUID()}/close`)).statusCode).toBe(404);
  });

  it('lists only the member’s own requests, newest first, on GET /api/qna', async () => {
    const other = (await registerThroughApi(t.app)).json();
    await ask(other.token, 'general', 'first of mine');
    await ask(other.token, 'technical', 'second of mine');
    const res = await get('/api/qna', other.token);
    expect(res.json().list.map((item: { contents: string }) => item.contents)).toEqual([
      'second of mine',
      'first of mine',
    ]);
    expect(res.json().list[0]).toMatchObject({ status: 'new', replies: [] });
    expect((await t.app.inject({ method: 'GET', url: '/api/qna' })).statusCode).toBe(401);

    // An answer given through the older PATCH route reaches the member too.
    const older = await t.services.db.qna.findFirstOrThrow({ where: { contents: 'first of mine' } });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/qna/${older.id}`,
      headers: bearer(support.token),
      payload: { status: 'answered', answer: 'Answered the old way.' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const after = await get('/api/qna', other.token);
    expect(after.json().list[1]).toMatchObject({ status: 'answered', replies: [{ body: 'Answered the old way.' }] });
    expect(await t.services.db.auditEntry.findMany({ where: { targetId: older.id } })).toEqual([
      expect.objectContaining({ action: 'qna.reply', actorId: support.id, note: 'Answered the old way.' }),
    ]);
  });
});
