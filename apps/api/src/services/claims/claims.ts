import type { TClaimItem, TListClaimsRequestParsed, TListClaimsResponse } from '@velvet/contracts/admin/claims';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { listClaims, lockClaim, updateClaim, type ClaimRecord } from '../../repositories/claim.repository.ts';
import { tryPublishMemberEvent } from '../events/member-events.ts';
import type { ConsoleActor } from '../audit/record-audit-entry.ts';
import { postLedgerEntry } from '../ledger/post-ledger-entry.ts';
import { approveClaim, rejectClaim } from './console-claims.ts';

function toItem(claim: ClaimRecord): TClaimItem {
  return {
    id: claim.id,
    image_id: claim.imageId,
    member_id: claim.member.deletedAt ? null : claim.memberId,
    status: claim.status,
    coins: claim.coins,
    created_at: claim.createdAt.toISOString(),
    decided_at: claim.decidedAt?.toISOString() ?? null,
    refunded_at: claim.refundedAt?.toISOString() ?? null,
  };
}

/**
 * Refunds a claim's coins through the ledger, exactly once: the claim row is locked, only a pending or
 * approved claim pays, and the ledger key `claim_refund:<claim id>` refuses a second credit anyway.
 * Returns null when there was nothing to pay (rejected, already refunded, unknown).
 */
export async function refundClaim(deps: { db: Database; redis: Redis }, claimId: string, approve = false) {
  const outcome = await deps.db.$transaction(async (tx) => {
    const claim = await lockClaim(tx, claimId);
    if (!claim || claim.status === 'rejected' || claim.status === 'refunded') return null;
    let balance: number | null = null;
    if (claim.coins > 0) {
      const credit = await postLedgerEntry(tx, {
        memberId: claim.memberId,
        delta: claim.coins,
        reason: 'claim_refund',
        reference: claim.id,
        idempotencyKey: `claim_refund:${claim.id}`,
      });
      balance = credit.balance;
    }
    const now = new Date();
    const updated = await updateClaim(tx, claim.id, {
      status: 'refunded',
      refundedAt: now,
      ...(approve || claim.status === 'approved' ? { decidedAt: claim.decidedAt ?? now } : {}),
    });
    return { claim: updated, balance };
  });
  if (outcome?.balance != null) {
    await tryPublishMemberEvent(deps.redis, outcome.claim.memberId, { type: 'balance', cur_tokens: outcome.balance });
  }
  return outcome ? toItem(outcome.claim) : null;
}

/**
 * Support's decision through the older route (POST /api/admin/claims/:id): approve refunds now; reject
 * (with a reason) stops the pending refund for good. The console's rules apply (console-claims.ts):
 * audited, and a claim already decided answers 409 'Already handled ...'.
 */
export async function decideClaim(
  deps: { db: Database; redis: Redis; config: Pick<AppConfig, 'CLAIM_REFUND_DELAY_MINUTES' | 'NODE_ENV'> },
  actor: ConsoleActor,
  claimId: string,
  input: { decision: 'approve' | 'reject'; reason?: string | undefined },
): Promise<TClaimItem> {
  const claim =
    input.decision === 'approve'
      ? await approveClaim(deps, actor, claimId)
      : await rejectClaim(deps, actor, claimId, input.reason ?? '');
  return {
    id: claim.id,
    image_id: claim.image_id,
    member_id: claim.member_id,
    status: claim.status,
    coins: claim.coins,
    created_at: claim.created_at,
    decided_at: claim.decided_at,
    refunded_at: claim.refunded_at,
  };
}

export async function listClaimsForSupport(
  db: Database,
  query: TListClaimsRequestParsed,
): Promise<TListClaimsResponse> {
  const { rows, total } = await listClaims(db, query.status, (query.page - 1) * query.limit, query.limit);
  return { list: rows.map(toItem), total_count: total, page: query.page, limit: query.limit };
}
