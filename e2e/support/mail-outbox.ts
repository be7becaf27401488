// The e2e stack's mail outbox (MAIL_OUTBOX_DIR in global-setup): the product writes each mail as an
// .eml file there. Tests read them as a person reads a mailbox: find the mail to an address and open
// its verification link.
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  /** The whole message with quoted-printable undone (headers, text and HTML parts). */
  body: string;
}

function decodeQuotedPrintable(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unfolded.length; i += 1) {
    const hex = unfolded.slice(i + 1, i + 3);
    if (unfolded[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(unfolded[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function outboxDir(): string {
  const dir = inject('mailOutboxDir');
  if (!dir) throw new Error("e2e global setup did not provide 'mailOutboxDir'");
  return dir;
}

/**
 * Every mail in the outbox, oldest first (file names start with the time). `dir`: another stack's
 * outbox (a stack started by a test writes to `<its data folder>/mail`).
 */
export function readOutbox(dir: string = outboxDir()): OutboxMail[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => {
      const file = path.join(dir, name);
      const body = decodeQuotedPrintable(fs.readFileSync(file, 'utf8'));
      const header = (key: string) => new RegExp(`^${key}: (.*)$`, 'mi').exec(body)?.[1]?.trim() ?? '';
      return { file, to: header('To').toLowerCase(), subject: header('Subject'), body };
    });
}

const VERIFY_LINK = /https?:\/\/[^\s"<>]+\/verify-email\?token=([A-Za-z0-9_-]+)/;

/** The newest verification link mailed to `email` (waits up to `timeoutMs` for one to arrive). */
export async function verificationLinkFor(
  email: string,
  options: { dir?: string; timeoutMs?: number } = {},
): Promise<{ url: string; token: string }> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = readOutbox(options.dir)
      .filter((m) => m.to.includes(email.toLowerCase()) && VERIFY_LINK.test(m.body))
      .at(-1);
    if (mail) {
      const match = VERIFY_LINK.exec(mail.body)!;
      return { url: match[0], token: match[1]! };
    }
    if (Date.now() > deadline) throw new Error(`no verification mail to ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How many verification mails `email` has received. */
export function verificationMailCount(email: string): number {
  return readOutbox().filter((m) => m.to.includes(email.toLowerCase()) && VERIFY_LINK.test(m.body)).length;
}
