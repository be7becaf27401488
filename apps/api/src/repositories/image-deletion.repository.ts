import type { DatabaseTransaction } from '../db/client.ts';

export function markDeleted(tx: DatabaseTransaction, imageId: string) {
  return tx.image.update({ where: { imageId }, data: { isDelete: true, isOpen: false, deletedAt: new Date() } });
}
