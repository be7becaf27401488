import type { DatabaseTransaction } from '../db/client.ts';

export function setPublished(tx: DatabaseTransaction, imageId: string, open: boolean) {
  return tx.image.update({
    where: { imageId },
    data: { isOpen: open, publishedAt: open ? new Date() : null },
    select: { isOpen: true },
  });
}
