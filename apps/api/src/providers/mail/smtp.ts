import type { Transporter } from 'nodemailer';
import { onFirstUse } from '../../lib/on-first-use.ts';
import type { Mailer, MailMessage } from './index.ts';
import { loadNodemailer } from './nodemailer.ts';

export interface SmtpMailerOptions {
  /** smtp://user:pass@host:port (smtps:// for implicit TLS); query options as nodemailer reads them. */
  url: string;
  /** The From header, e.g. `Velvet <no-reply@example.com>`. */
  from: string;
}

/**
 * Sends each message over SMTP with nodemailer: one transport per process, made at the first mail (when
 * nodemailer loads: ./nodemailer.ts). The URL's form is checked with the configuration at start
 * (config/env.ts).
 */
export function createSmtpMailer(opts: SmtpMailerOptions): Mailer & { close(): void } {
  let made: Transporter | undefined;
  const transport = onFirstUse(async () => (made = (await loadNodemailer()).createTransport(opts.url)));
  return {
    async send(message: MailMessage) {
      const transporter = await transport();
      await transporter.sendMail({
        from: opts.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    close() {
      made?.close();
    },
  };
}
