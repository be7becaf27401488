import type { DatabaseTransaction } from '../db/client.ts';

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
