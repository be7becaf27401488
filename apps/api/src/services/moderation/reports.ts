import type { TListReportsRequestParsed, TListReportsResponse, TReportItem } from '@velvet/contracts/admin/reports';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { decideReports, listReports } from '../../repositories/report.repository.ts';
import { invalidateGalleryCache } from '../galleries/gallery-cache.ts';

export async function listReportsForSupport(
  db: Database,
  query: TListReportsRequestParsed,
): Promise<TListReportsResponse> {
  const { rows, total } = await listReports(db, query.status, (query.page - 1) * query.limit, query.limit);
  return {
    list: rows.map((r): TReportItem => ({
      id: r.id,
      image_id: r.imageId,
      reason: r.reason as TReportItem['reason'],
      status: r.status,
      reporter_id: r.memberId,
      image_hidden: r.image.hiddenForReview,
      image_open: r.image.isOpen,
      created_at: r.createdAt.toISOString(),
    })),
    total_count: total,
    page: query.page,
    limit: query.limit,
  };
}

/** Decides every open report of an image: unpublish (for good) or dismiss (back to Explore if hidden). */
export async function decideImageReports(db: Database, imageId: string, decision: 'unpublish' | 'dismiss') {
  const decided = await db.$transaction(async (tx) => {
    const image = await tx.image.findUnique({ where: { imageId }, select: { imageId: true } });
    if (!image) throw notFound('Image');
    return decideReports(tx, imageId, decision);
  });
  // Unpublished for good, or back in Explore.
  await invalidateGalleryCache();
  return decided;
}
