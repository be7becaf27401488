import type { Database, DatabaseTransaction } from '../db/client.ts';

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
  decidedBy: string | null = null,
  at = new Date(),
): Promise<number> {
  // Conditional on 'open': of two support people deciding at once, the second decides nothing.
  const { count } = await tx.contentReport.updateMany({
    where: { imageId, status: 'open' },
    data: { status: decision === 'unpublish' ? 'upheld' : 'dismissed', decidedAt: at, decidedBy },
  });
  if (count === 0) return 0;
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
