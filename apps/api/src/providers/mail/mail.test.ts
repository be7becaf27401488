import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../../../test/support/smtp.ts';
import { createOutboxMailer, mailSlug } from './outbox.ts';
import { createMailer, outboxDir } from './select.ts';

const message = {
  to: 'member@example.com',
  subject: 'Reset your Velvet password',
  text: 'Open https://velvet.test/reset-password?token=abc',
  html: '<p><a href="https://velvet.test/reset-password?token=abc">Reset</a></p>',
};

describe('outbox mailer', () => {
  it('writes each mail as an .eml file named after its subject, and reports it', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'velvet-outbox-')), 'mail');
    const written: string[] = [];
    const mailer = createOutboxMailer({
      dir,
      from: 'Velvet <no-reply@velvet.test>',
      onWritten: (f) => written.push(f),
    });
    await mailer.send(message);
    await mailer.send(message);
    const files = fs.readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT.*-reset-your-velvet-password\.eml$/);
    expect(written.map((f) => path.basename(f)).sort()).toEqual(files);
    const parsed = await simpleParser(fs.readFileSync(path.join(dir, files[0]!)));
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.from?.value[0]?.address).toBe('no-reply@velvet.test');
    expect(parsed.text?.trim()).toBe(message.text);
    expect(parsed.html).toContain('token=abc');
  });

  it('slugs any subject to a safe file name', () => {
    expect(mailSlug('Velvet support answered: ../../etc/passwd?')).toBe('velvet-support-answered-etc-passwd');
    expect(mailSlug('日本語')).toBe('mail');
  });
});

describe('mailer selection', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const smtpMailer = () =>
    createMailer({
      NODE_ENV: 'test',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Velvet <no-reply@velvet.test>',
      MAIL_OUTBOX_DIR: undefined,
      STORAGE_DIR: '/nonexistent/storage',
    });

  it('sends over SMTP when SMTP_URL is set', async () => {
    const mailer = smtpMailer();
    await mailer.send(message);
    const mail = await smtp.waitFor((m) => m.subject === message.subject, 5_000);
    expect(mail.text?.trim()).toBe(message.text);
    expect(mail.html).toContain('token=abc');
  });

  it("delivers every mail of a mailer's first burst, sent at once (its transport is made at the first mail)", async () => {
    const mailer = smtpMailer();
    const subjects = ['First at once 1', 'First at once 2', 'First at once 3'];
    await Promise.all(subjects.map((subject) => mailer.send({ ...message, subject })));
    for (const subject of subjects) {
      const mail = await smtp.waitFor((m) => m.subject === subject, 5_000);
      expect(mail.text?.trim()).toBe(message.text);
    }
  });

  it('otherwise writes to the mail folder beside the storage folder and logs the file in development', async () => {
    const data = fs.mkdtempSync(path.join(os.tmpdir(), 'velvet-data-'));
    const config = {
      NODE_ENV: 'development' as const,
      SMTP_URL: undefined,
      MAIL_FROM: 'Velvet <no-reply@velvet.test>',
      MAIL_OUTBOX_DIR: undefined,
      STORAGE_DIR: path.join(data, 'storage'),
    };
    expect(outboxDir(config)).toBe(path.join(data, 'mail'));
    expect(outboxDir({ ...config, STORAGE_DIR: '/tmp/velvet-storage-x1' })).toBe('/tmp/velvet-storage-x1-mail');
    expect(outboxDir({ ...config, MAIL_OUTBOX_DIR: '/srv/outbox' })).toBe('/srv/outbox');
    const lines: string[] = [];
    await createMailer(config, (line) => lines.push(line)).send(message);
    expect(fs.readdirSync(path.join(data, 'mail'))).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[mail\] to member@example.com: "Reset your Velvet password" -> file:\/\/.*\.eml$/);
    // Each link of the mail's text, printed as it is (the .eml holds it quoted-printable).
    const links = message.text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
    expect(links.length).toBeGreaterThan(0);
    expect(lines.slice(1)).toEqual([...new Set(links)].map((link) => `[mail]   ${link}`));
  });
});
