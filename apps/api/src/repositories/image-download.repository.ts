import type { Database } from '../db/client.ts';

/**
 * As recordView (image-view.repository.ts), for downloads: one row and one count per member per image
 * per UTC day.
 */
export async function recordDownload(db: Database, memberId: string, imageId: string, day: string): Promise<void> {
  await db.$executeRaw`
    WITH fetched AS (
      INSERT INTO image_downloads (id, image_id, member_id, day)
      VALUES (gen_random_uuid(), ${imageId}, ${memberId}, ${day}::date)
      ON CONFLICT (image_id, member_id, day) DO NOTHING
      RETURNING 1
    )
    UPDATE images SET download_cnt = download_cnt + 1, updated_at = now()
     WHERE image_id = ${imageId} AND EXISTS (SELECT 1 FROM fetched)`;
}
