import type { TClaimItem, TListClaimsRequestParsed, TListClaimsResponse } from '@velvet/contracts/admin/claims';
import type { Redis } from 'ioredis';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { listClaims, lockClaim, updateClaim, type ClaimRecord } from '../../repositories/claim.repository.ts';
import { tryPublishMemberEvent } from '../events/member-events.ts';
import { postLedgerEntry } from '../ledger/post-ledger-entry.ts';

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

/** Support's decision: approve refunds now; reject stops the pending refund for good. */
export async function decideClaim(
  deps: { db: Database; redis: Redis },
  claimId: string,
  decision: 'approve' | 'reject',
): Promise<TClaimItem> {
  if (decision === 'approve') {
    const refunded = await refundClaim(deps, claimId, true);
    if (refunded) return refunded;
  } else {
    const rejected = await deps.db.$transaction(async (tx) => {
      const claim = await lockClaim(tx, claimId);
      if (!claim) return null;
      if (claim.status !== 'pending') return claim;
      return updateClaim(tx, claimId, { status: 'rejected', decidedAt: new Date() });
    });
    if (rejected?.status === 'rejected') return toItem(rejected);
  }
  const current = await deps.db.$transaction((tx) => lockClaim(tx, claimId));
  if (!current) throw notFound('Claim');
  throw new AppError(409, `This claim is already ${current.status}.`);
}

export async function listClaimsForSupport(
  db: Database,
  query: TListClaimsRequestParsed,
): Promise<TListClaimsResponse> {
  const { rows, total } = await listClaims(db, query.status, (query.page - 1) * query.limit, query.limit);
  return { list: rows.map(toItem), total_count: total, page: query.page, limit: query.limit };
}
