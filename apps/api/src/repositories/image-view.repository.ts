import type { Database } from '../db/client.ts';

/**
 * Records that the member viewed the image on `day` (a UTC date, 'YYYY-MM-DD'): the first view of the
 * day inserts the row and adds one to view_cnt, later ones change nothing. Answers view_cnt.
 */
export async function recordView(db: Database, memberId: string, imageId: string, day: string): Promise<number> {
  const rows = await db.$queryRaw<Array<{ view_cnt: number }>>`
    WITH seen AS (
      INSERT INTO image_views (id, image_id, member_id, day)
      VALUES (gen_random_uuid(), ${imageId}, ${memberId}, ${day}::date)
      ON CONFLICT (image_id, member_id, day) DO NOTHING
      RETURNING 1
    ), counted AS (
      UPDATE images SET view_cnt = view_cnt + 1, updated_at = now()
       WHERE image_id = ${imageId} AND EXISTS (SELECT 1 FROM seen)
      RETURNING view_cnt
    )
    SELECT view_cnt FROM counted
    UNION ALL
    SELECT view_cnt FROM images WHERE image_id = ${imageId} AND NOT EXISTS (SELECT 1 FROM seen)`;
  return rows[0]?.view_cnt ?? 0;
}
