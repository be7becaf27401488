// Content reports, decided per image (the console's Moderation screen and the older
// /api/admin/reports routes): approve dismisses the open reports (back to Explore if reports hid it),
// remove unpublishes the image for good. Conditional on the reports still being open: the second of
// two support people gets a 409 naming who decided. Audited in the same transaction.
import type { TListReportsRequestParsed, TListReportsResponse, TReportItem } from '@velvet/contracts/admin/reports';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { findLatestDecidedReport, findImageForModeration } from '../../repositories/moderation.repository.ts';
import { decideReports, listReports } from '../../repositories/report.repository.ts';
import { recordAuditEntry, type ConsoleActor } from '../audit/record-audit-entry.ts';
import { invalidateGalleryCache } from '../galleries/gallery-cache.ts';
import { alreadyHandled } from './already-handled.ts';

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

/** approve = dismiss the reports; remove = unpublish for good. Returns how many reports it decided. */
export async function decideImageReports(
  db: Database,
  actor: ConsoleActor,
  imageId: string,
  decision: 'approve' | 'remove',
  note: string | null = null,
  now = new Date(),
) {
  const decided = await db.$transaction(async (tx) => {
    const image = await findImageForModeration(tx, imageId);
    if (!image) throw notFound('Image');
    const count = await decideReports(tx, imageId, decision === 'remove' ? 'unpublish' : 'dismiss', actor.id, now);
    if (count === 0) {
      const last = await findLatestDecidedReport(tx, imageId);
      if (!last) throw notFound('Open report of this image');
      throw alreadyHandled(last.status === 'upheld' ? 'removed' : 'approved', last.decidedBy, last.decidedAt);
    }
    await recordAuditEntry(tx, {
      actor,
      action: `report.${decision}`,
      targetType: 'report',
      targetId: imageId,
      before: { open_reports: count, is_open: image.isOpen, hidden_for_review: image.hiddenForReview },
      after: decision === 'remove' ? { is_open: false, hidden_for_review: true } : { reports: 'dismissed' },
      note,
    });
    return count;
  });
  // Unpublished for good, or back in Explore.
  await invalidateGalleryCache();
  return decided;
}
