// Support's review of a picture the picture check withheld (docs/safety.md). One decision wins:
// - remove: the quarantined file is deleted from storage; the image stays 'held' (never served);
// - release: the picture is stored the way the worker stores any image (original + thumbnail) and the
//   image becomes complete for its owner. The coins refunded at the hold are not taken again.
// A second decision on the same hold is a 409 and changes nothing.
import type {
  TListSafetyHoldsRequestParsed,
  TListSafetyHoldsResponse,
  TSafetyHold,
} from '@velvet/contracts/admin/safety';
import type { Redis } from 'ioredis';
import { AppError, notFound } from '../../errors.ts';
import type { Database } from '../../db/client.ts';
import type { ImageStorage } from '../../providers/storage/index.ts';
import { storeImageFiles } from '../../providers/storage/image-files.ts';
import { settleRunStatus } from '../../repositories/generation.repository.ts';
import {
  completeHeldImage,
  decideHold,
  findHold,
  listHolds,
  lockHold,
  type SafetyHoldRecord,
} from '../../repositories/safety.repository.ts';
import { tryPublishMemberEvent } from '../events/member-events.ts';
import { invalidateGalleryCache } from '../galleries/gallery-cache.ts';

export const HOLD_ALREADY_DECIDED = 'This hold was already decided.';

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

export async function decideSafetyHold(
  deps: Deps,
  holdId: string,
  decision: 'remove' | 'release',
  adminId: string,
  now = new Date(),
): Promise<TSafetyHold> {
  const { db, storage } = deps;
  const { hold: decided, quarantineKey } = await db.$transaction(
    async (tx) => {
      const hold = await lockHold(tx, holdId);
      if (!hold) throw notFound('Hold');
      if (hold.status !== 'pending') throw new AppError(409, HOLD_ALREADY_DECIDED);
      const { quarantineKey } = hold;
      const decidedFields = { decidedBy: adminId, decidedAt: now, quarantineKey: null };
      if (decision === 'remove') {
        // Deleted before the decision commits: a failure leaves the hold pending, to be decided again.
        if (quarantineKey) await storage.delete(quarantineKey);
        return { hold: await decideHold(tx, holdId, { status: 'removed', ...decidedFields }), quarantineKey };
      }
      const picture = quarantineKey ? await storage.get(quarantineKey) : null;
      if (!picture) throw new AppError(409, 'The held picture is no longer in storage; it can only be removed.');
      const keys = await storeImageFiles(storage, hold.imageId, picture);
      if (!(await completeHeldImage(tx, hold.imageId, keys, now))) {
        throw new AppError(409, 'The image is no longer held; it can only be removed.');
      }
      return { hold: await decideHold(tx, holdId, { status: 'released', ...decidedFields }), quarantineKey };
    },
    // Storage work happens under the lock; a slow bucket must not abort the decision.
    { maxWait: 15_000, timeout: 60_000 },
  );

  if (decided.status === 'released') {
    await invalidateGalleryCache();
    // The member-visible copy exists now; the quarantined one is no longer needed.
    if (quarantineKey) await storage.delete(quarantineKey).catch(() => undefined);
    await settleRunStatus(db, decided.image.runId).catch(() => undefined);
    await tryPublishMemberEvent(deps.redis, decided.image.ownerId, {
      type: 'image.status',
      image_id: decided.imageId,
      status: 'complete',
    });
  }
  return toHold(decided);
}
