import path from 'node:path';
import type { AppConfig } from '../../config/env.ts';
import type { Mailer } from './index.ts';
import { createOutboxMailer, outboxLink } from './outbox.ts';
import { createSmtpMailer } from './smtp.ts';

export type MailConfig = Pick<AppConfig, 'NODE_ENV' | 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_OUTBOX_DIR' | 'STORAGE_DIR'>;

/**
 * Where the outbox writes: MAIL_OUTBOX_DIR; else, when STORAGE_DIR is a data folder's `storage`
 * (`.data/storage`, the e2e stack's `<data>/storage`), that data folder's `mail`; else a folder named
 * after STORAGE_DIR with `-mail` appended (a test's throwaway storage gets its own throwaway outbox).
 */
export function outboxDir(config: Pick<MailConfig, 'MAIL_OUTBOX_DIR' | 'STORAGE_DIR'>): string {
  if (config.MAIL_OUTBOX_DIR) return config.MAIL_OUTBOX_DIR;
  const storage = path.resolve(config.STORAGE_DIR);
  return path.basename(storage) === 'storage' ? path.join(path.dirname(storage), 'mail') : `${storage}-mail`;
}

/** SMTP when SMTP_URL is set; the .eml outbox otherwise (its files are logged in development). */
export function createMailer(config: MailConfig, log: (line: string) => void = console.log): Mailer {
  if (config.SMTP_URL) return createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM });
  const verbose = config.NODE_ENV === 'development';
  return createOutboxMailer({
    dir: outboxDir(config),
    from: config.MAIL_FROM,
    ...(verbose
      ? {
          onWritten: (file, message) => {
            log(`[mail] to ${message.to}: "${message.subject}" -> ${outboxLink(file)}`);
            // The .eml's text is quoted-printable (a link's '=' reads '=3D'): print the links as they are.
            for (const link of new Set(message.text.match(/https?:\/\/[^\s<>"]+/g) ?? [])) log(`[mail]   ${link}`);
          },
        }
      : {}),
  });
}
