// The support console's Claims screen (issue 15, docs/support.md "Claims"): pending refund claims oldest
// first with the automatic refund's time, approve (refund now through the ledger) and reject (with a
// reason the member is told). One decision per claim: the row is locked and only a pending claim is
// decided, so a second person, or the automatic refund, finds it handled (409) and nothing pays twice.
import { apiPath, API_PATHS } from '@velvet/contracts/routes';
import type { TClaimQueueRequestParsed, TClaimQueueResponse, TConsoleClaim } from '@velvet/contracts/admin/claims';
import type { Redis } from 'ioredis';
import { claimRefundDelayMs, type AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { decodeConsoleCursor, nextConsoleCursor } from '../../lib/console-cursor.ts';
import { isMemberServedKey } from '../../providers/storage/image-files.ts';
import type { ImageStorage } from '../../providers/storage/index.ts';
import {
  decidePendingClaim,
  findClaimThumbnailKey,
  findConsoleClaim,
  listClaimQueue,
  lockConsoleClaim,
  type ConsoleClaimRecord,
} from '../../repositories/claim.repository.ts';
import { recordAuditEntry, type ConsoleActor } from '../audit/record-audit-entry.ts';
import { tryPublishMemberEvent } from '../events/member-events.ts';
import { postLedgerEntry } from '../ledger/post-ledger-entry.ts';

type ClaimConfig = Pick<AppConfig, 'CLAIM_REFUND_DELAY_MINUTES' | 'NODE_ENV'>;

export function toConsoleClaim(claim: ConsoleClaimRecord, config: ClaimConfig): TConsoleClaim {
  const deleted = claim.member.deletedAt !== null;
  return {
    id: claim.id,
    image_id: claim.imageId,
    image_url: apiPath(API_PATHS.adminClaimImage, { id: claim.id }),
    prompt: claim.image.prompt,
    member_id: deleted ? null : claim.memberId,
    nickname: deleted ? null : claim.member.nickname,
    member_balance: deleted ? null : claim.member.coinBalance,
    coins: claim.coins,
    status: claim.status,
    created_at: claim.createdAt.toISOString(),
    // The delayed job is queued when the claim is made (services/images/image-actions.ts).
    auto_refund_at:
      claim.status === 'pending'
        ? new Date(claim.createdAt.getTime() + claimRefundDelayMs(config)).toISOString()
        : null,
    decided_at: claim.decidedAt?.toISOString() ?? null,
    decided_by: claim.decidedBy,
    reject_reason: claim.rejectReason,
    refunded_at: claim.refundedAt?.toISOString() ?? null,
  };
}

export async function listClaimsQueue(
  deps: { db: Database; config: ClaimConfig },
  query: TClaimQueueRequestParsed,
): Promise<TClaimQueueResponse> {
  const after = query.cursor ? decodeConsoleCursor(query.cursor) : null;
  const rows = await listClaimQueue(deps.db, query.status, after, query.limit + 1);
  const page = nextConsoleCursor(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
  return {
    status: 'ok',
    items: page.items.map((row) => toConsoleClaim(row, deps.config)),
    next_cursor: page.next_cursor,
  };
}

/** 'Already handled: approved by x@y at 2026-11-24 05:40 UTC.' and its siblings. */
export function claimAlreadyHandled(claim: ConsoleClaimRecord): AppError {
  const at = (date: Date | null) => (date ? ` at ${date.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '');
  const by = claim.decidedBy ? ` by ${claim.decidedBy}` : '';
  let what: string;
  if (claim.status === 'refunded' && !claim.decidedBy) what = `refunded automatically${at(claim.refundedAt)}`;
  else if (claim.status === 'refunded' || claim.status === 'approved') what = `approved${by}${at(claim.decidedAt)}`;
  else what = `rejected${by}${at(claim.decidedAt)}`;
  return new AppError(409, `Already handled: ${what}.`);
}

interface ClaimDeps {
  db: Database;
  redis: Redis;
  config: ClaimConfig;
}

/**
 * Approve: the claim's coins are credited now through the ledger (key `claim_refund:<claim id>`, the
 * same one the automatic refund uses, so the two can never both pay), the claim becomes refunded and
 * the audit row `claim.approve` is written, in one transaction.
 */
export async function approveClaim(deps: ClaimDeps, actor: ConsoleActor, claimId: string): Promise<TConsoleClaim> {
  const balance = await deps.db.$transaction(async (tx) => {
    const claim = await lockConsoleClaim(tx, claimId);
    if (!claim) throw notFound('Claim');
    if (claim.status !== 'pending') throw claimAlreadyHandled(claim);
    let after: number | null = null;
    if (claim.coins > 0) {
      const credit = await postLedgerEntry(tx, {
        memberId: claim.memberId,
        delta: claim.coins,
        reason: 'claim_refund',
        reference: claim.id,
        idempotencyKey: `claim_refund:${claim.id}`,
      });
      after = credit.balance;
    }
    const now = new Date();
    if (
      !(await decidePendingClaim(tx, claimId, {
        status: 'refunded',
        decidedAt: now,
        decidedBy: actor.id,
        refundedAt: now,
      }))
    ) {
      throw claimAlreadyHandled(claim);
    }
    await recordAuditEntry(tx, {
      actor,
      action: 'claim.approve',
      targetType: 'claim',
      targetId: claimId,
      before: { status: 'pending', balance: claim.member.coinBalance },
      after: { status: 'refunded', coins: claim.coins, balance: after ?? claim.member.coinBalance },
    });
    return { memberId: claim.memberId, after };
  });
  if (balance.after !== null) {
    await tryPublishMemberEvent(deps.redis, balance.memberId, { type: 'balance', cur_tokens: balance.after });
  }
  return readConsoleClaim(deps, claimId);
}

/** Reject: the pending refund stops for good, with the reason (stored, audited as `claim.reject`). */
export async function rejectClaim(
  deps: Omit<ClaimDeps, 'redis'>,
  actor: ConsoleActor,
  claimId: string,
  reason: string,
): Promise<TConsoleClaim> {
  await deps.db.$transaction(async (tx) => {
    const claim = await lockConsoleClaim(tx, claimId);
    if (!claim) throw notFound('Claim');
    if (claim.status !== 'pending') throw claimAlreadyHandled(claim);
    const decided = await decidePendingClaim(tx, claimId, {
      status: 'rejected',
      decidedAt: new Date(),
      decidedBy: actor.id,
      rejectReason: reason,
    });
    if (!decided) throw claimAlreadyHandled(claim);
    await recordAuditEntry(tx, {
      actor,
      action: 'claim.reject',
      targetType: 'claim',
      targetId: claimId,
      before: { status: 'pending' },
      after: { status: 'rejected', coins: claim.coins },
      note: reason,
    });
  });
  return readConsoleClaim(deps, claimId);
}

async function readConsoleClaim(deps: { db: Database; config: ClaimConfig }, claimId: string) {
  const claim = await findConsoleClaim(deps.db, claimId);
  if (!claim) throw notFound('Claim');
  return toConsoleClaim(claim, deps.config);
}

/**
 * The claimed image's thumbnail for the reviewer (a claimed image is never published, so no member
 * route serves it to support). Only member-served keys are read, never quarantine/.
 */
export async function readClaimImage(
  deps: { db: Database; storage: ImageStorage },
  claimId: string,
): Promise<{ data: Buffer; etag: string }> {
  const image = await findClaimThumbnailKey(deps.db, claimId);
  const key = image?.thumbnailKey;
  if (!image || image.status !== 'complete' || !key || !isMemberServedKey(key)) throw notFound('Image');
  const data = await deps.storage.get(key);
  if (!data) throw notFound('Image');
  return { data, etag: `"${image.imageId}-thumbnail"` };
}
