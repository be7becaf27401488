import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { ImageStorage } from '../../providers/storage/index.ts';
import { findImagesToPurge, markPurged } from '../../repositories/image-purge.repository.ts';

/**
 * Removes the stored files of images deleted more than PURGE_DELETED_AFTER_HOURS ago (the rows stay:
 * ledger and claims refer to them). Returns how many images were purged.
 */
export async function purgeDeletedImages(
  services: { db: Database; storage: ImageStorage; config: AppConfig },
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - services.config.PURGE_DELETED_AFTER_HOURS * 3_600_000);
  let purged = 0;
  for (;;) {
    const batch = await findImagesToPurge(services.db, before, 100);
    if (batch.length === 0) return purged;
    for (const image of batch) {
      for (const key of [image.originalKey, image.thumbnailKey]) if (key) await services.storage.delete(key);
      await markPurged(services.db, image.imageId);
      purged += 1;
    }
  }
}
