import type { Database } from '../db/client.ts';

export async function findRunWithImages(db: Database, runId: string) {
  return db.generationRun.findUnique({
    where: { runId },
    include: { images: { orderBy: { imageId: 'asc' } } },
  });
}

/** Marks one image complete with its files; only a still-processing image changes (idempotent). */
export async function completeImage(
  db: Database,
  imageId: string,
  keys: { originalKey: string; thumbnailKey: string },
): Promise<boolean> {
  const { count } = await db.image.updateMany({
    where: { imageId, status: 'processing' },
    data: {
      status: 'complete',
      originalKey: keys.originalKey,
      thumbnailKey: keys.thumbnailKey,
      completedAt: new Date(),
    },
  });
  return count === 1;
}

/** Marks every still-processing image of a run failed; returns their ids (none on a second call). */
export async function failProcessingImages(db: Database, runId: string): Promise<string[]> {
  return db.$transaction(async (tx) => {
    const images = await tx.image.findMany({ where: { runId, status: 'processing' }, select: { imageId: true } });
    if (images.length === 0) return [];
    await tx.image.updateMany({ where: { runId, status: 'processing' }, data: { status: 'failed' } });
    return images.map((i) => i.imageId);
  });
}

/** The run is complete when no image is processing any more, failed when none completed. */
export async function settleRunStatus(db: Database, runId: string): Promise<void> {
  const images = await db.image.findMany({ where: { runId }, select: { status: true } });
  if (images.some((i) => i.status === 'processing')) return;
  const status = images.some((i) => i.status === 'complete') ? 'complete' : 'failed';
  await db.generationRun.update({ where: { runId }, data: { status, completedAt: new Date() } });
}
