// The support console's Moderation queue and the member history beside each item (issue 15): open
// reports grouped per image, pending picture holds, and what the member did before.
import { Prisma } from '../generated/prisma/client.ts';
import { readRows, type DatabaseOrTransaction } from '../db/client.ts';

/** Position in the queue: oldest first, then `key` ('report:<image id>' | 'hold:<hold id>', C collation). */
export interface QueuePosition {
  at: Date;
  key: string;
}

export interface ReportedImageRow {
  image_id: string;
  at: Date;
  report_count: number;
  reasons: string[];
  owner_id: string;
  prompt: string;
  hidden_for_review: boolean;
  original_key: string | null;
}

const reportedImageSelect = Prisma.sql`
  SELECT r.image_id, min(r.created_at) AS at, count(*)::int AS report_count,
         array_agg(r.reason ORDER BY r.created_at) AS reasons,
         i.owner_id, i.prompt, i.hidden_for_review, i.original_key
  FROM content_reports r JOIN images i ON i.image_id = r.image_id
  WHERE r.status = 'open'`;

/** Images with open reports after `after`, in queue order. */
export function listReportedImages(db: DatabaseOrTransaction, after: QueuePosition | null, take: number) {
  const having = after
    ? Prisma.sql`HAVING (min(r.created_at), ('report:' || r.image_id) COLLATE "C") > (${after.at}, ${after.key} COLLATE "C")`
    : Prisma.empty;
  return readRows<ReportedImageRow>(
    db,
    Prisma.sql`${reportedImageSelect}
      GROUP BY r.image_id, i.owner_id, i.prompt, i.hidden_for_review, i.original_key
      ${having}
      ORDER BY at, ('report:' || r.image_id) COLLATE "C"
      LIMIT ${take}`,
  );
}

/** One image's open reports, grouped as in the queue; null when it has none open. */
export async function findReportedImage(db: DatabaseOrTransaction, imageId: string) {
  const rows = await readRows<ReportedImageRow>(
    db,
    Prisma.sql`${reportedImageSelect} AND r.image_id = ${imageId}
      GROUP BY r.image_id, i.owner_id, i.prompt, i.hidden_for_review, i.original_key`,
  );
  return rows[0] ?? null;
}

export interface PendingHoldRow {
  id: string;
  image_id: string;
  member_id: string;
  min_age: number;
  created_at: Date;
  prompt: string;
  quarantine_key: string | null;
}

/** Pending holds after `after`, in queue order. */
export function listPendingHolds(db: DatabaseOrTransaction, after: QueuePosition | null, take: number) {
  const where = after
    ? Prisma.sql`AND (h.created_at, ('hold:' || h.id::text) COLLATE "C") > (${after.at}, ${after.key} COLLATE "C")`
    : Prisma.empty;
  return readRows<PendingHoldRow>(
    db,
    Prisma.sql`SELECT h.id::text AS id, h.image_id, h.member_id, h.min_age, h.created_at, i.prompt, h.quarantine_key
      FROM safety_holds h JOIN images i ON i.image_id = h.image_id
      WHERE h.status = 'pending' ${where}
      ORDER BY h.created_at, ('hold:' || h.id::text) COLLATE "C"
      LIMIT ${take}`,
  );
}

/** Whether anyone ever reported the image (open or decided): only those pictures reach a reviewer. */
export async function wasReported(db: DatabaseOrTransaction, imageId: string): Promise<boolean> {
  return (await db.contentReport.findFirst({ where: { imageId }, select: { id: true } })) !== null;
}

/** The latest decided report of an image (who decided it and when), for the 'Already handled' answer. */
export function findLatestDecidedReport(db: DatabaseOrTransaction, imageId: string) {
  return db.contentReport.findFirst({
    where: { imageId, status: { not: 'open' } },
    orderBy: [{ decidedAt: 'desc' }, { id: 'desc' }],
    select: { status: true, decidedBy: true, decidedAt: true },
  });
}

const HISTORY_TAKE = 20;

/** What the member did before: the detail's side panel. */
export async function findMemberHistory(db: DatabaseOrTransaction, memberId: string) {
  const [member, images, reports, holds, safetyEvents] = await Promise.all([
    db.member.findUnique({
      where: { id: memberId },
      select: { id: true, nickname: true, coinBalance: true, mutedUntil: true, createdAt: true },
    }),
    db.image.findMany({
      where: { ownerId: memberId },
      orderBy: [{ createdAt: 'desc' }, { imageId: 'desc' }],
      take: 10,
      select: { imageId: true, prompt: true, status: true, isOpen: true, createdAt: true },
    }),
    db.contentReport.findMany({
      where: { image: { ownerId: memberId } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: HISTORY_TAKE,
      select: { imageId: true, reason: true, status: true, createdAt: true },
    }),
    db.safetyHold.findMany({
      where: { memberId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: HISTORY_TAKE,
      select: { id: true, imageId: true, status: true, createdAt: true },
    }),
    db.promptSafetyEvent.findMany({
      where: { memberId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: HISTORY_TAKE,
      select: { outcome: true, stage: true, rule: true, createdAt: true },
    }),
  ]);
  return { member, images, reports, holds, safetyEvents };
}

/** An image's stored files and owner (the picture route and the report decisions). */
export function findImageForModeration(db: DatabaseOrTransaction, imageId: string) {
  return db.image.findUnique({
    where: { imageId },
    select: {
      imageId: true,
      ownerId: true,
      prompt: true,
      originalKey: true,
      thumbnailKey: true,
      hiddenForReview: true,
      isOpen: true,
      isDelete: true,
    },
  });
}
