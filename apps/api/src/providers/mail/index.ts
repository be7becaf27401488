/** One email, already rendered (see services/mail/send-template-mail.ts). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends mail: SMTP when SMTP_URL is set (smtp.ts), otherwise the embedded outbox that writes .eml
 * files under the data folder (outbox.ts). select.ts picks one; bootstrap/ builds it once.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
