import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdminAccount } from '../../../src/services/members/ensure-admin.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { bearer, registerThroughApi, uniqueMember } from '../../support/sessions.ts';
import { mailRecipients, startTestSmtp, type TestSmtp } from '../../support/smtp.ts';

const ADMIN_PASSWORD = 'support!Pass123';
const SUBJECT = 'Velvet support answered your request';

describe('support replies by email', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    const adminEmail = uniqueMember('support').email;
    t = await createTestApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://velvet.example',
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD,
    });
    await ensureAdminAccount(t.services.db, t.services.config);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/self-login',
      payload: { member_id: adminEmail, member_pwd: ADMIN_PASSWORD },
    });
    adminToken = login.json().token;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  async function askSupport(contents: string) {
    const member = (await registerThroughApi(t.app)).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/qna',
      headers: bearer(member.token),
      payload: { board_cd: 'QNA', board_title: 'billing', contents },
    });
    expect(res.statusCode).toBe(200);
    const row = await t.services.db.qna.findFirstOrThrow({ where: { memberId: member.member_id } });
    return { email: member.member_id as string, id: row.id };
  }
  const answer = (id: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/qna/${id}`, headers: bearer(adminToken), payload: body });
  const repliesTo = (email: string) =>
    smtp.mails().filter((m) => mailRecipients(m).includes(email) && m.subject === SUBJECT);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('mails the answer to the member once per answer', async () => {
    const asked = await askSupport('My coins <did not> arrive & I paid twice.');
    const res = await answer(asked.id, { status: 'answered', answer: 'We refunded you: <b>500 coins</b>.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().qna).toMatchObject({ status: 'answered', answer: 'We refunded you: <b>500 coins</b>.' });

    const mail = await smtp.waitFor((m) => mailRecipients(m).includes(asked.email) && m.subject === SUBJECT, 5_000);
    expect(mail.text).toContain('My coins <did not> arrive & I paid twice.');
    expect(mail.text).toContain('We refunded you: <b>500 coins</b>.');
    expect(mail.text).toContain('https://velvet.example/support');
    // The member's words and the answer are text in the HTML part, never markup.
    expect(mail.html).toContain('We refunded you: &lt;b&gt;500 coins&lt;/b&gt;.');
    expect(mail.html).not.toContain('<b>500 coins</b>');

    // The same answer again, or a status change alone: no second mail.
    expect(
      (await answer(asked.id, { status: 'answered', answer: 'We refunded you: <b>500 coins</b>.' })).statusCode,
    ).toBe(200);
    expect((await answer(asked.id, { status: 'closed' })).statusCode).toBe(200);
    await settle();
    expect(repliesTo(asked.email)).toHaveLength(1);

    // A new answer is a new mail.
    expect(
      (await answer(asked.id, { status: 'answered', answer: 'One more thing: check your wallet.' })).statusCode,
    ).toBe(200);
    const second = await smtp.waitFor(
      (m) => mailRecipients(m).includes(asked.email) && (m.text ?? '').includes('One more thing'),
      5_000,
    );
    expect(second.subject).toBe(SUBJECT);
    expect(repliesTo(asked.email)).toHaveLength(2);
  });

  it('sends one mail when the same answer is saved twice at once', async () => {
    const asked = await askSupport('Concurrent answers');
    const body = { status: 'answered', answer: 'Answered by two agents at once.' };
    const results = await Promise.all([answer(asked.id, body), answer(asked.id, body), answer(asked.id, body)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    await smtp.waitFor((m) => mailRecipients(m).includes(asked.email), 5_000);
    await settle();
    expect(repliesTo(asked.email)).toHaveLength(1);
  });

  it('keeps the answer when the mail cannot be sent', async () => {
    const broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1', PUBLIC_URL: 'https://velvet.example' });
    try {
      const asked = await askSupport('Is anyone there?');
      const errors: unknown[] = [];
      const { updateSupportRequest } = await import('../../../src/services/support/support-requests.ts');
      let pending: Promise<unknown> = Promise.resolve();
      const item = await updateSupportRequest(
        {
          db: broken.services.db,
          mailer: broken.services.mailer,
          log: { error: (obj) => errors.push(obj) },
          background: (task) => {
            pending = task;
          },
        },
        asked.id,
        { status: 'answered', answer: 'Yes, we are here.' },
        'https://velvet.example',
      );
      expect(item).toMatchObject({ status: 'answered', answer: 'Yes, we are here.' });
      await pending;
      expect(errors).toHaveLength(1);
      const row = await t.services.db.qna.findUniqueOrThrow({ where: { id: asked.id } });
      expect(row).toMatchObject({ status: 'answered', answer: 'Yes, we are here.' });
    } finally {
      await broken.close();
    }
  });
});
