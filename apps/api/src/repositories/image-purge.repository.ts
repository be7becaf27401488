import type { Database } from '../db/client.ts';

/** Deleted images whose files are still stored, deleted before `before`. */
export function findImagesToPurge(db: Database, before: Date, take: number) {
  return db.image.findMany({
    where: { isDelete: true, purgedAt: null, deletedAt: { lt: before } },
    select: { imageId: true, originalKey: true, thumbnailKey: true },
    orderBy: { deletedAt: 'asc' },
    take,
  });
}

export function markPurged(db: Database, imageId: string) {
  return db.image.update({
    where: { imageId },
    data: { purgedAt: new Date(), originalKey: null, thumbnailKey: null },
  });
}
