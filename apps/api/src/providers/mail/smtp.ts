import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './index.ts';

export interface SmtpMailerOptions {
  /** smtp://user:pass@host:port (smtps:// for implicit TLS); query options as nodemailer reads them. */
  url: string;
  /** The From header, e.g. `Velvet <no-reply@example.com>`. */
  from: string;
}

/** Sends each message over SMTP with nodemailer (one pooled transport per process). */
export function createSmtpMailer(opts: SmtpMailerOptions): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(opts.url);
  return {
    async send(message: MailMessage) {
      await transport.sendMail({
        from: opts.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    close() {
      transport.close();
    },
  };
}
