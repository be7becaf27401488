import type { TClaimImageResponse } from '@velvet/contracts/images/claim-image';
import type { TDeleteImageResponse } from '@velvet/contracts/images/delete-image';
import type { TLikeImageResponse } from '@velvet/contracts/images/like-image';
import type { TPublishImageResponse } from '@velvet/contracts/images/publish-image';
import type { TRecordViewResponse } from '@velvet/contracts/images/record-view';
import type { ReportReason } from '@velvet/contracts/images/report-image';
import { claimRefundDelayMs, type AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { claimRefundJob } from '../../jobs/claim-refund.job.ts';
import type { Queues } from '../../jobs/queues.ts';
import { countClaimsSince, createClaim, markClaimed, runCostShare } from '../../repositories/claim.repository.ts';
import { markDeleted } from '../../repositories/image-deletion.repository.ts';
import { recordDownload } from '../../repositories/image-download.repository.ts';
import { lockImage } from '../../repositories/image-lock.repository.ts';
import { recordView } from '../../repositories/image-view.repository.ts';
import { toggleLike } from '../../repositories/like.repository.ts';
import { setPublished } from '../../repositories/publication.repository.ts';
import { addReport, countOpenReports, hideForReview } from '../../repositories/report.repository.ts';
import { invalidateGalleryCache, invalidateMemberGalleries } from '../galleries/gallery-cache.ts';
import { findVisibleImage, isPublic } from './image-access.ts';

type LockedImage = NonNullable<Awaited<ReturnType<typeof lockImage>>>;

const yn = (flag: boolean): 'Y' | 'N' => (flag ? 'Y' : 'N');

/** The image locked for an action, when the member may see it; else 404 (never 403). */
async function lockVisible(tx: Parameters<typeof lockImage>[0], imageId: string, memberId: string) {
  const image = await lockImage(tx, imageId);
  if (!image) throw notFound('Image');
  const visible =
    image.owner_id === memberId ||
    isPublic({ isOpen: image.is_open, isClaim: image.is_claim, isDelete: image.is_delete });
  if (!visible) throw notFound('Image');
  return image;
}

async function lockOwn(tx: Parameters<typeof lockImage>[0], imageId: string, memberId: string): Promise<LockedImage> {
  const image = await lockImage(tx, imageId);
  if (!image || image.owner_id !== memberId) throw notFound('Image');
  return image;
}

export async function likeImage(db: Database, memberId: string, imageId: string): Promise<TLikeImageResponse> {
  const result = await db.$transaction(async (tx) => {
    const image = await lockVisible(tx, imageId, memberId);
    if (image.is_delete || image.status !== 'complete') throw notFound('Image');
    const { liked, likeCnt } = await toggleLike(tx, memberId, imageId);
    return { status: 'ok' as const, is_liked: yn(liked), like_cnt: likeCnt };
  });
  // The member's Liked Contents and every is_liked on their cached pages changed.
  await invalidateMemberGalleries(memberId);
  return result;
}

/** The UTC day of a moment, as 'YYYY-MM-DD': views and downloads count once per member per day. */
const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** Counts the member's view once per image per UTC day; repeated calls answer the same count. */
export async function viewImage(
  db: Database,
  memberId: string,
  imageId: string,
  now = new Date(),
): Promise<TRecordViewResponse> {
  await findVisibleImage(db, imageId, memberId);
  return { status: 'ok', view_cnt: await recordView(db, memberId, imageId, utcDay(now)) };
}

/** Counts the member's download once per image per UTC day. */
export async function downloadImage(db: Database, memberId: string, imageId: string, now = new Date()): Promise<void> {
  const image = await findVisibleImage(db, imageId, memberId);
  if (image.isDelete || image.status !== 'complete') throw notFound('Image');
  await recordDownload(db, memberId, imageId, utcDay(now));
}

/** What the owner is told when acting on a picture the safety check withheld. */
export const HELD_REFUSAL = {
  publish: 'This picture is held for a safety review and cannot be published.',
  claim: 'This picture is held for a safety review; its coins were already refunded.',
} as const;

export async function togglePublish(db: Database, memberId: string, imageId: string): Promise<TPublishImageResponse> {
  const result = await db.$transaction(async (tx): Promise<TPublishImageResponse> => {
    const image = await lockOwn(tx, imageId, memberId);
    if (image.is_delete) throw new AppError(409, 'This image is deleted and cannot be published.');
    if (image.is_claim) throw new AppError(409, 'A claimed image cannot be published.');
    if (image.status === 'held') throw new AppError(409, HELD_REFUSAL.publish);
    if (image.status !== 'complete') throw new AppError(409, 'Only a finished image can be published.');
    if (!image.is_open && image.hidden_for_review) {
      throw new AppError(409, 'This image is under review after reports and cannot be published for now.');
    }
    const updated = await setPublished(tx, imageId, !image.is_open);
    return { status: 'ok', is_open: yn(updated.isOpen) };
  });
  await invalidateGalleryCache();
  return result;
}

export const CLAIM_RECEIVED =
  'Your claim request has been received. The coin will be automatically recharged within 24 hours.';

/**
 * A refund request for one's own finished image: one-way (claimed and unpublished at once), one per
 * image, a daily limit per member. The refund itself is a delayed job (support may reject first).
 */
export async function claimImage(
  deps: { db: Database; queues: Queues; config: AppConfig },
  memberId: string,
  imageId: string,
): Promise<TClaimImageResponse> {
  const since = new Date(Date.now() - 24 * 3600 * 1000);
  if ((await countClaimsSince(deps.db, memberId, since)) >= deps.config.CLAIM_DAILY_LIMIT) {
    throw new AppError(
      429,
      `You can claim at most ${deps.config.CLAIM_DAILY_LIMIT} images a day. Please try again tomorrow.`,
    );
  }
  const claim = await deps.db.$transaction(async (tx) => {
    const image = await lockOwn(tx, imageId, memberId);
    if (image.is_claim) throw new AppError(409, 'This image has already been claimed.');
    if (image.is_delete) throw new AppError(409, 'This image is deleted and cannot be claimed.');
    if (image.status === 'held') throw new AppError(409, HELD_REFUSAL.claim);
    if (image.status !== 'complete') throw new AppError(409, 'Only a finished image can be claimed.');
    const run = await runCostShare(tx, image.run_id);
    const coins = run ? Math.floor(run.cost / run.requestCnt) : 0;
    await markClaimed(tx, imageId);
    return createClaim(tx, { imageId, memberId, coins });
  });
  await invalidateGalleryCache();
  await claimRefundJob.enqueue(deps.queues, { claimId: claim.id }, { delay: claimRefundDelayMs(deps.config) });
  return { status: 'ok', is_claim: 'Y', is_open: 'N', message: CLAIM_RECEIVED };
}

export async function deleteImage(db: Database, memberId: string, imageId: string): Promise<TDeleteImageResponse> {
  const result = await db.$transaction(async (tx): Promise<TDeleteImageResponse> => {
    const image = await lockOwn(tx, imageId, memberId);
    if (image.is_delete) return { status: 'no', message: 'This image has already been deleted.' };
    if (image.status === 'processing') return { status: 'no', message: 'This image is still being generated.' };
    await markDeleted(tx, imageId);
    return { status: 'ok', message: 'The image has been deleted.' };
  });
  if (result.status === 'ok') await invalidateGalleryCache();
  return result;
}

/** Reports a published image once per member; enough open reports hide it until support decides. */
export async function reportImage(
  deps: { db: Database; config: AppConfig },
  memberId: string,
  imageId: string,
  reason: ReportReason,
): Promise<string> {
  let hidden = false;
  const message = await deps.db.$transaction(async (tx) => {
    const image = await lockImage(tx, imageId);
    const reportable =
      image &&
      image.owner_id !== memberId &&
      (isPublic({ isOpen: image.is_open, isClaim: image.is_claim, isDelete: image.is_delete }) ||
        image.hidden_for_review);
    if (!reportable) throw notFound('Image');
    if (!(await addReport(tx, { memberId, imageId, reason }))) {
      throw new AppError(409, 'You have already reported this image.');
    }
    if (!image.hidden_for_review && (await countOpenReports(tx, imageId)) >= deps.config.REPORT_HIDE_THRESHOLD) {
      await hideForReview(tx, imageId);
      hidden = true;
    }
    return 'Thank you. Our team will review this image.';
  });
  if (hidden) await invalidateGalleryCache();
  return message;
}
