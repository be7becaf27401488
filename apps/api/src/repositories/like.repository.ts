import { readRows, type DatabaseOrTransaction, type DatabaseTransaction } from '../db/client.ts';
import { Prisma } from '../generated/prisma/client.ts';

/**
 * Toggles a member's like and recounts: the count is rewritten from the likes table under the image's
 * row lock, so it is exact however many toggles race.
 */
export async function toggleLike(tx: DatabaseTransaction, memberId: string, imageId: string) {
  const removed = await tx.$executeRaw`DELETE FROM likes WHERE member_id = ${memberId} AND image_id = ${imageId}`;
  if (removed === 0) {
    await tx.$executeRaw`INSERT INTO likes (member_id, image_id) VALUES (${memberId}, ${imageId}) ON CONFLICT DO NOTHING`;
  }
  const rows = await tx.$queryRaw<Array<{ like_cnt: number }>>`
    UPDATE images SET like_cnt = (SELECT count(*)::int FROM likes WHERE image_id = ${imageId}), updated_at = now()
     WHERE image_id = ${imageId} RETURNING like_cnt`;
  return { liked: removed === 0, likeCnt: rows[0]?.like_cnt ?? 0 };
}

/**
 * Which of these images the member likes: one probe of the likes primary key (member_id, image_id),
 * answered in the order asked. Exported for the liked-state call of Explore's cards.
 */
export async function findLikedImageIds(db: DatabaseOrTransaction, memberId: string, imageIds: string[]) {
  if (imageIds.length === 0) return [];
  const rows = await readRows<{ image_id: string }>(
    db,
    Prisma.sql`SELECT image_id FROM likes WHERE member_id = ${memberId} AND image_id = ANY(${imageIds}::varchar[])`,
  );
  const liked = new Set(rows.map((row) => row.image_id));
  return imageIds.filter((id) => liked.has(id));
}
