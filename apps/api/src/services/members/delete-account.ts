import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { deleteVerificationsOf, lockMember } from '../../repositories/email-verification.repository.ts';
import { anonymiseMember, findMemberById } from '../../repositories/member.repository.ts';
import { anonymousIdFor, setAsideEarlierDeletion } from './deleted-accounts.ts';

/**
 * Deletes an account the way the dialog's four acknowledgements describe: the member is anonymised
 * (no email, nickname, picture or password remains; the email cannot register again until
 * DELETED_EMAIL_HOLD_DAYS have passed), their images leave Explore, remaining coins are forfeited,
 * and the ledger stays for audit under the anonymous id. Tokens issued before stop working at once
 * (their subject no longer exists); unused verification links are removed.
 */
export async function deleteAccount(db: Database, memberId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    // Parallel deletions queue here; the ones after the first find no member (404).
    await lockMember(tx, memberId);
    const member = await findMemberById(tx, memberId);
    if (!member || member.deletedAt) throw notFound('Member');
    await deleteVerificationsOf(tx, memberId);
    await setAsideEarlierDeletion(tx, memberId);
    await anonymiseMember(tx, memberId, anonymousIdFor(memberId), new Date());
  });
}
