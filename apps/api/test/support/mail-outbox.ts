import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { mailRecipients } from './smtp.ts';

/**
 * The .eml outboxes of the browser tier's stacks: the e2e global setup keeps each stack's data in a
 * throwaway `velvet-e2e-*` folder of the temp directory, and the outbox mailer writes to `<data>/mail`.
 */
export function e2eOutboxDirs(): string[] {
  const tmp = os.tmpdir();
  return fs
    .readdirSync(tmp)
    .filter((name) => name.startsWith('velvet-e2e-'))
    .map((name) => path.join(tmp, name, 'mail'))
    .filter((dir) => fs.existsSync(dir));
}

/** Every mail to `to` in the outbox folders, parsed, oldest first. */
export async function outboxMailsTo(to: string, dirs: string[] = e2eOutboxDirs()): Promise<ParsedMail[]> {
  const found: ParsedMail[] = [];
  for (const dir of dirs) {
    for (const file of fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort()) {
      const raw = fs.readFileSync(path.join(dir, file));
      // Cheap filter before parsing: the address is in the To header as written.
      if (!raw.includes(to)) continue;
      const mail = await simpleParser(raw);
      if (mailRecipients(mail).includes(to.toLowerCase())) found.push(mail);
    }
  }
  return found;
}

/** Waits for a mail to `to` matching `pred` in the outbox folders. */
export async function waitForOutboxMail(
  to: string,
  pred: (mail: ParsedMail) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await outboxMailsTo(to)).find(pred);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${e2eOutboxDirs().join(', ') || 'any outbox'}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
