import type { Database, DatabaseTransaction } from '../db/client.ts';

/** The fields the action rules look at, locked for the rest of the transaction. */
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

/** As recordView, for downloads: one row and one count per member per image per UTC day. */
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

export function setPublished(tx: DatabaseTransaction, imageId: string, open: boolean) {
  return tx.image.update({
    where: { imageId },
    data: { isOpen: open, publishedAt: open ? new Date() : null },
    select: { isOpen: true },
  });
}

export function markDeleted(tx: DatabaseTransaction, imageId: string) {
  return tx.image.update({ where: { imageId }, data: { isDelete: true, isOpen: false, deletedAt: new Date() } });
}

export function runCostShare(tx: DatabaseTransaction, runId: string) {
  return tx.generationRun.findUnique({ where: { runId }, select: { cost: true, requestCnt: true } });
}

export function createClaim(tx: DatabaseTransaction, data: { imageId: string; memberId: string; coins: number }) {
  return tx.claim.create({ data });
}

export function markClaimed(tx: DatabaseTransaction, imageId: string) {
  return tx.image.update({ where: { imageId }, data: { isClaim: true, isOpen: false } });
}

export function countClaimsSince(db: Database, memberId: string, since: Date) {
  return db.claim.count({ where: { memberId, createdAt: { gte: since } } });
}

const claimFields = {
  id: true,
  imageId: true,
  memberId: true,
  status: true,
  coins: true,
  createdAt: true,
  decidedAt: true,
  refundedAt: true,
  member: { select: { deletedAt: true } },
} as const;

export function lockClaim(tx: DatabaseTransaction, claimId: string) {
  return tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM claims WHERE id = ${claimId}::uuid FOR UPDATE`.then(
    async (rows) => (rows.length ? tx.claim.findUnique({ where: { id: claimId }, select: claimFields }) : null),
  );
}

export function updateClaim(
  tx: DatabaseTransaction,
  claimId: string,
  data: { status: 'approved' | 'rejected' | 'refunded'; decidedAt?: Date; refundedAt?: Date },
) {
  return tx.claim.update({ where: { id: claimId }, data, select: claimFields });
}

export async function listClaims(
  db: Database,
  status: 'pending' | 'approved' | 'rejected' | 'refunded' | undefined,
  skip: number,
  take: number,
) {
  const where = status ? { status } : {};
  const [rows, total] = await Promise.all([
    db.claim.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip, take, select: claimFields }),
    db.claim.count({ where }),
  ]);
  return { rows, total };
}

export type ClaimRecord = Awaited<ReturnType<typeof listClaims>>['rows'][number];

export async function addReport(
  tx: DatabaseTransaction,
  data: { memberId: string; imageId: string; reason: string },
): Promise<boolean> {
  const inserted = await tx.$executeRaw`
    INSERT INTO content_reports (id, member_id, image_id, reason)
    VALUES (gen_random_uuid(), ${data.memberId}, ${data.imageId}, ${data.reason})
    ON CONFLICT (member_id, image_id) DO NOTHING`;
  return inserted === 1;
}

export function countOpenReports(tx: DatabaseTransaction, imageId: string) {
  return tx.contentReport.count({ where: { imageId, status: 'open' } });
}

export function hideForReview(tx: DatabaseTransaction, imageId: string) {
  return tx.image.update({ where: { imageId }, data: { hiddenForReview: true, isOpen: false } });
}

export async function decideReports(
  tx: DatabaseTransaction,
  imageId: string,
  decision: 'unpublish' | 'dismiss',
): Promise<number> {
  const { count } = await tx.contentReport.updateMany({
    where: { imageId, status: 'open' },
    data: { status: decision === 'unpublish' ? 'upheld' : 'dismissed', decidedAt: new Date() },
  });
  if (decision === 'unpublish') {
    // Stays hidden: the owner cannot publish it again.
    await tx.image.update({ where: { imageId }, data: { isOpen: false, hiddenForReview: true } });
  } else {
    const image = await tx.image.findUnique({ where: { imageId }, select: { hiddenForReview: true } });
    // Reports hid it: it goes back to Explore as it was.
    if (image?.hiddenForReview) {
      await tx.image.update({ where: { imageId }, data: { hiddenForReview: false, isOpen: true } });
    }
  }
  return count;
}

export async function listReports(
  db: Database,
  status: 'open' | 'upheld' | 'dismissed' | undefined,
  skip: number,
  take: number,
) {
  const where = status ? { status } : {};
  const [rows, total] = await Promise.all([
    db.contentReport.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip,
      take,
      select: {
        id: true,
        imageId: true,
        reason: true,
        status: true,
        memberId: true,
        createdAt: true,
        image: { select: { hiddenForReview: true, isOpen: true } },
      },
    }),
    db.contentReport.count({ where }),
  ]);
  return { rows, total };
}

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
