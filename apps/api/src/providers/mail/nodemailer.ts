import type NodemailerModule from 'nodemailer';
import { onFirstUse } from '../../lib/on-first-use.ts';

/**
 * nodemailer imported on the first mail, not at start-up: its source and compiled code stay in the
 * heap of every process that loaded it, and an API process sends mail rarely (a verification, a reset,
 * a support reply), if ever (docs/performance.md, "The API's memory on Node 24"). One module for the
 * SMTP and the outbox mailers.
 */
export const loadNodemailer = onFirstUse(
  async (): Promise<typeof NodemailerModule> => (await import('nodemailer')).default,
);
