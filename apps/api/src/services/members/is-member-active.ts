import type { Database } from '../../db/client.ts';
import { findActiveMemberId } from '../../repositories/member.repository.ts';

/** A token stays valid only while its member exists and has not deleted the account. */
export async function isMemberActive(db: Database, memberId: string): Promise<boolean> {
  return (await findActiveMemberId(db, memberId)) !== null;
}
