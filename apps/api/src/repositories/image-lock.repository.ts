import type { DatabaseTransaction } from '../db/client.ts';

/**
 * The fields the action rules look at, locked for the rest of the transaction: every action on an
 * image (like, publish, delete, claim, report) takes this lock first.
 */
export async function lockImage(tx: DatabaseTransaction, imageId: string) {
  const rows = await tx.$queryRaw<
    Array<{
      image_id: string;
      owner_id: string;
      run_id: string;
      status: string;
      is_open: boolean;
      is_claim: boolean;
      is_delete: boolean;
      hidden_for_review: boolean;
    }>
  >`SELECT image_id, owner_id, run_id, status, is_open, is_claim, is_delete, hidden_for_review
      FROM images WHERE image_id = ${imageId} FOR UPDATE`;
  return rows[0] ?? null;
}
