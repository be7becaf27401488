import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { anonymiseMember, findMemberById } from '../../repositories/member.repository.ts';
import { anonymousIdFor } from './deleted-accounts.ts';

/**
 * Deletes an account the way the dialog's four acknowledgements describe: the member is anonymised
 * (no email, nickname, picture or password remains; the email can never register again), their
 * images leave Explore, remaining coins are forfeited, and the ledger stays for audit under the
 * anonymous id. Tokens issued before stop working at once (their subject no longer exists).
 */
export async function deleteAccount(db: Database, memberId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const member = await findMemberById(tx, memberId);
    if (!member || member.deletedAt) throw notFound('Member');
    await anonymiseMember(tx, memberId, anonymousIdFor(memberId), new Date());
  });
}
