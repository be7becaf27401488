// A coin adjustment by support (issue 15, docs/support.md "Members"): always a ledger entry (reason
// admin_adjustment) with an idempotency key from the client's request_id, so a double submit posts
// once; a debit never takes the balance below zero. Audited in the same transaction.
import type { TAdjustCoinsResponse } from '@velvet/contracts/admin/members';
import type { Redis } from 'ioredis';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { lockConsoleMember } from '../../repositories/member-console.repository.ts';
import { recordAuditEntry, type ConsoleActor } from '../audit/record-audit-entry.ts';
import { tryPublishMemberEvent } from '../events/member-events.ts';
import { InsufficientCoinsError, postLedgerEntry } from '../ledger/post-ledger-entry.ts';

/** One entry per member and request_id, ever. */
export const adjustmentKey = (memberId: string, requestId: string) => `admin_adjustment:${memberId}:${requestId}`;

export async function adjustMemberCoins(
  deps: { db: Database; redis: Redis },
  actor: ConsoleActor,
  memberId: string,
  input: { delta: number; reason: string; request_id: string },
): Promise<TAdjustCoinsResponse> {
  const outcome = await deps.db
    .$transaction(async (tx) => {
      const member = await lockConsoleMember(tx, memberId);
      if (!member || member.deletedAt) throw notFound('Member');
      const before = member.coinBalance;
      const result = await postLedgerEntry(tx, {
        memberId,
        delta: input.delta,
        reason: 'admin_adjustment',
        reference: `console:${actor.id}`,
        idempotencyKey: adjustmentKey(memberId, input.request_id),
      });
      // A repeated request_id changed nothing: its first submit was audited already.
      if (result.posted) {
        await recordAuditEntry(tx, {
          actor,
          action: 'member.adjust_coins',
          targetType: 'member',
          targetId: memberId,
          before: { cur_tokens: before },
          after: { cur_tokens: result.balance, delta: input.delta, ledger_entry_id: result.entryId },
          note: input.reason,
        });
      }
      return result;
    })
    .catch((error: unknown) => {
      if (error instanceof InsufficientCoinsError) {
        throw new AppError(
          409,
          `The balance is ${error.balance} coins: taking ${error.needed} would go below zero.`,
          'delta',
        );
      }
      throw error;
    });
  if (outcome.posted)
    await tryPublishMemberEvent(deps.redis, memberId, { type: 'balance', cur_tokens: outcome.balance });
  return { status: 'ok', posted: outcome.posted, cur_tokens: outcome.balance, entry_id: outcome.entryId };
}
