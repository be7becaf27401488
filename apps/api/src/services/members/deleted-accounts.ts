import { createHash } from 'node:crypto';

// A deleted member keeps no email: its id becomes this one-way digest, which is enough to refuse the
// address at registration (the deletion dialog's 'email restriction') and keeps ledger rows linked
// for audit without saying whose they were.

const PREFIX = 'deleted:';

export function emailDigest(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

export function anonymousIdFor(email: string): string {
  return `${PREFIX}${emailDigest(email)}`;
}

export function isAnonymousId(memberId: string): boolean {
  return memberId.startsWith(PREFIX);
}
