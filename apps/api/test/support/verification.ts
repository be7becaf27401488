import type { ParsedMail } from 'mailparser';
import { API_PATHS } from '@velvet/contracts/routes';
import type { App } from '../../src/app.ts';
import { registerThroughApi } from './sessions.ts';
import { mailRecipients, type TestSmtp } from './smtp.ts';

// Verifies a registered member the way a person does: reads the mail the test SMTP server received,
// takes the link's token and sends it as the /verify-email page does.

const LINK = /https?:\/\/[^\s"<>]+\/verify-email\?token=([A-Za-z0-9_-]+)/;

export function isVerificationMailTo(email: string) {
  return (mail: ParsedMail) => mailRecipients(mail).includes(email.toLowerCase()) && LINK.test(mail.text ?? '');
}

/** The verification link in a mail (text part), and its token. */
export function verificationLink(mail: ParsedMail): { url: string; token: string } {
  const match = LINK.exec(mail.text ?? '');
  if (!match) throw new Error(`no verification link in the mail "${mail.subject ?? ''}"`);
  return { url: match[0], token: match[1]! };
}

/** The newest verification mail to `email` (waits for the first one to arrive). */
export async function latestVerificationMail(smtp: TestSmtp, email: string): Promise<ParsedMail> {
  await smtp.waitFor(isVerificationMailTo(email));
  return smtp.mails().filter(isVerificationMailTo(email)).at(-1)!;
}

/** Opens the newest verification link mailed to `email`: the response of POST /api/auth/verify-email. */
export async function verifyThroughMail(app: App, smtp: TestSmtp, email: string) {
  const { token } = verificationLink(await latestVerificationMail(smtp, email));
  return app.inject({ method: 'POST', url: API_PATHS.verifyEmail, payload: { token } });
}

/**
 * Registers through the API and verifies the address through the mailed link: a member with the
 * welcome coins, as a real newcomer has them. Returns the session with the balance after verifying.
 */
export async function registerVerified(
  app: App,
  smtp: TestSmtp,
  overrides: Parameters<typeof registerThroughApi>[1] = {},
) {
  const res = await registerThroughApi(app, overrides);
  if (res.statusCode !== 200) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  const session = res.json() as { member_id: string; nicname: string; token: string; cur_tokens: number };
  const verified = await verifyThroughMail(app, smtp, session.member_id);
  if (verified.statusCode !== 200) throw new Error(`verification failed: ${verified.statusCode} ${verified.body}`);
  return { ...session, cur_tokens: verified.json().cur_tokens as number, email_verified: true };
}
