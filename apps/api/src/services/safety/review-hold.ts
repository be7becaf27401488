// Support's review of a picture the picture check withheld (docs/safety.md). One decision wins:
// - remove: every stored copy is deleted (the quarantined picture, and any original or thumbnail under
//   the image's keys); the image stays 'held' (never served);
// - release: the picture is stored the way the worker stores any image (original + thumbnail) and the
//   image becomes complete for its owner. The coins refunded at the hold are not taken again.
// A second decision on the same hold is a 409 naming who decided and when, and changes nothing. Every
// decision is written to the audit log in the same transaction.
import type {
  TListSafetyHoldsRequestParsed,
  TListSafetyHoldsResponse,
  TSafetyHold,
} from '@velvet/contracts/admin/safety';
import type { Redis } from 'ioredis';
import { AppError, notFound } from '../../errors.ts';
import type { Database } from '../../db/client.ts';
import type { ImageStorage } from '../../providers/storage/index.ts';
import { imageKeys, storeImageFiles } from '../../providers/storage/image-files.ts';
import { settleRunStatus } from '../../repositories/generation.repository.ts';
import {
  completeHeldImage,
  decideHold,
  findHold,
  listHolds,
  lockHold,
  type SafetyHoldRecord,
} from '../../repositories/safety.repository.ts';
import { recordAuditEntry, type ConsoleActor } from '../audit/record-audit-entry.ts';
import { tryPublishMemberEvent } from '../events/member-events.ts';
import { invalidateGalleryCache } from '../galleries/gallery-cache.ts';
import { alreadyHandled } from '../moderation/already-handled.ts';

type Deps = { db: Database; redis: Redis; storage: ImageStorage };

function toHold(hold: SafetyHoldRecord): TSafetyHold {
  return {
    id: hold.id,
    image_id: hold.imageId,
    member_id: hold.memberId,
    min_age: hold.minAge,
    faces: hold.faces,
    checker: hold.checker,
    prompt: hold.image.prompt,
    status: hold.status,
    decided_by: hold.decidedBy,
    decided_at: hold.decidedAt?.toISOString() ?? null,
    created_at: hold.createdAt.toISOString(),
  };
}

/** Holds by status: the pending queue oldest first, decided holds newest first. */
export async function listHoldsForSupport(
  deps: Pick<Deps, 'db'>,
  query: TListSafetyHoldsRequestParsed,
): Promise<TListSafetyHoldsResponse> {
  const { rows, total } = await listHolds(deps.db, query.status, (query.page - 1) * query.limit, query.limit);
  return { list: rows.map(toHold), total_count: total, page: query.page, limit: query.limit };
}

/** The quarantined picture (WebP) of a pending hold, for the reviewer; 404 once decided. */
export async function readHoldPicture(deps: Pick<Deps, 'db' | 'storage'>, holdId: string): Promise<Buffer> {
  const hold = await findHold(deps.db, holdId);
  const picture = hold?.status === 'pending' && hold.quarantineKey ? await deps.storage.get(hold.quarantineKey) : null;
  if (!picture) throw notFound('Held picture');
  return picture;
}

/** What a decision did to storage: how many stored copies remove deleted (0 for a release). */
export interface HoldDecision {
  hold: TSafetyHold;
  deletedFiles: number;
}

/** Deletes every stored copy of a held picture: quarantine, and the image keys should any exist. */
async function deleteEveryCopy(storage: ImageStorage, imageId: string, quarantineKey: string | null) {
  const { originalKey, thumbnailKey } = imageKeys(imageId);
  const keys = [...new Set([quarantineKey, originalKey, thumbnailKey].filter((k): k is string => !!k))];
  let deleted = 0;
  for (const key of keys) {
    // Counted so support is told what went; delete itself is idempotent.
    if ((await storage.get(key)) !== null) deleted += 1;
    await storage.delete(key);
  }
  return deleted;
}

export async function decideSafetyHold(
  deps: Deps,
  actor: ConsoleActor,
  holdId: string,
  decision: 'remove' | 'release',
  note: string | null = null,
  now = new Date(),
): Promise<HoldDecision> {
  const { db, storage } = deps;
  const {
    hold: decided,
    quarantineKey,
    deletedFiles,
  } = await db.$transaction(
    async (tx) => {
      const hold = await lockHold(tx, holdId);
      if (!hold) throw notFound('Hold');
      if (hold.status !== 'pending') {
        throw alreadyHandled(
          hold.status === 'removed' ? 'removed' : 'approved (released)',
          hold.decidedBy,
          hold.decidedAt,
        );
      }
      const { quarantineKey } = hold;
      const decidedFields = { decidedBy: actor.id, decidedAt: now, quarantineKey: null, decisionNote: note };
      const audit = (action: string, after: unknown) =>
        recordAuditEntry(tx, {
          actor,
          action,
          targetType: 'hold',
          targetId: holdId,
          before: { status: 'pending', image_id: hold.imageId },
          after,
          note,
        });
      if (decision === 'remove') {
        // Deleted before the decision commits: a failure leaves the hold pending, to be decided again.
        const deletedFiles = await deleteEveryCopy(storage, hold.imageId, quarantineKey);
        await audit('hold.remove', { status: 'removed', deleted_files: deletedFiles });
        return {
          hold: await decideHold(tx, holdId, { status: 'removed', ...decidedFields }),
          quarantineKey,
          deletedFiles,
        };
      }
      const picture = quarantineKey ? await storage.get(quarantineKey) : null;
      if (!picture) throw new AppError(409, 'The held picture is no longer in storage; it can only be removed.');
      const keys = await storeImageFiles(storage, hold.imageId, picture);
      if (!(await completeHeldImage(tx, hold.imageId, keys, now))) {
        throw new AppError(409, 'The image is no longer held; it can only be removed.');
      }
      await audit('hold.approve', { status: 'released' });
      return {
        hold: await decideHold(tx, holdId, { status: 'released', ...decidedFields }),
        quarantineKey,
        deletedFiles: 0,
      };
    },
    // Storage work happens under the lock; a slow bucket must not abort the decision.
    { maxWait: 15_000, timeout: 60_000 },
  );

  if (decided.status === 'released') {
    await invalidateGalleryCache();
    // The member-visible copy exists now; the quarantined one is no longer needed (unless it is the
    // very file the release wrote).
    const { originalKey, thumbnailKey } = imageKeys(decided.imageId);
    if (quarantineKey && quarantineKey !== originalKey && quarantineKey !== thumbnailKey) {
      await storage.delete(quarantineKey).catch(() => undefined);
    }
    await settleRunStatus(db, decided.image.runId).catch(() => undefined);
    await tryPublishMemberEvent(deps.redis, decided.image.ownerId, {
      type: 'image.status',
      image_id: decided.imageId,
      status: 'complete',
    });
  }
  return { hold: toHold(decided), deletedFiles };
}
