import { FREE_MEMBER_KIND } from '@velvet/contracts/options';
import type { Database } from '../../db/client.ts';
import { findExpiredMemberships, lockMember, setMembership } from '../../repositories/payment.repository.ts';

/**
 * A plan the processor renews by itself (Verotel) is charged on its end date, and the rebill's postback
 * can arrive hours later: such a member keeps the plan this long past the end unless renewal stopped.
 */
export const RENEWAL_GRACE_MS = 24 * 60 * 60 * 1000;

/** Returns members whose paid time is over to Free. Returns how many changed. */
export async function expireMemberships(db: Database, now = new Date()): Promise<number> {
  let changed = 0;
  for (;;) {
    const batch = await findExpiredMemberships(db, now, 200, RENEWAL_GRACE_MS);
    if (batch.length === 0) return changed;
    for (const { id } of batch) {
      await db.$transaction(async (tx) => {
        // Re-read under the lock: a renewal may have landed since.
        const member = await lockMember(tx, id);
        if (!member?.membership_expires_at || member.membership_expires_at >= now) return;
        await setMembership(tx, id, FREE_MEMBER_KIND, null);
        changed += 1;
      });
    }
    if (batch.length < 200) return changed;
  }
}
