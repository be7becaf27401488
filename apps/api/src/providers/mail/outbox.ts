import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { onFirstUse } from '../../lib/on-first-use.ts';
import type { Mailer, MailMessage } from './index.ts';
import { loadNodemailer } from './nodemailer.ts';

export interface OutboxMailerOptions {
  /** Folder the .eml files are written to (created when missing). */
  dir: string;
  from: string;
  /** Called with each written file's path (development prints it to the log). */
  onWritten?: (file: string, message: MailMessage) => void;
}

/** A file-system-safe slug of the subject, for the .eml file name. */
export function mailSlug(subject: string): string {
  const slug = subject
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'mail';
}

/**
 * The embedded default when SMTP_URL is unset: each mail becomes `<dir>/<timestamp>-<random>-<slug>.eml`, a
 * complete RFC 822 message that any mail client opens. Nothing leaves the machine.
 */
export function createOutboxMailer(opts: OutboxMailerOptions): Mailer {
  // Made at the first mail, when nodemailer loads (./nodemailer.ts).
  const transport = onFirstUse(async () =>
    (await loadNodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(message: MailMessage) {
      const transporter = await transport();
      const info = await transporter.sendMail({
        from: opts.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await fs.mkdir(opts.dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      // The random part keeps two mails of the same millisecond (API and worker alike) apart; 'wx'
      // never overwrites a file.
      const name = `${stamp}-${randomBytes(3).toString('hex')}-${mailSlug(message.subject)}.eml`;
      const file = path.join(opts.dir, name);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600, flag: 'wx' });
      opts.onWritten?.(file, message);
    },
  };
}

/** The file:// link printed in development. */
export function outboxLink(file: string): string {
  return pathToFileURL(file).href;
}
