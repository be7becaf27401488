// The console's Moderation queue (issue 15): reported images (open reports grouped per image) and
// pictures the picture check held, in one list, oldest first, and the detail beside each item (the
// prompt and the member's history). Pictures are served only by admin routes (picture_path).
import type {
  TListModerationRequestParsed,
  TListModerationResponse,
  TModerationDetailResponse,
  TModerationHistory,
  TModerationItem,
} from '@velvet/contracts/admin/moderation';
import { API_PATHS } from '@velvet/contracts/routes';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { decodeConsoleCursor, encodeConsoleCursor } from '../../lib/console-cursor.ts';
import type { ImageStorage } from '../../providers/storage/index.ts';
import {
  findImageForModeration,
  findLatestDecidedReport,
  findMemberHistory,
  findReportedImage,
  listPendingHolds,
  listReportedImages,
  type PendingHoldRow,
  type QueuePosition,
  type ReportedImageRow,
  wasReported,
} from '../../repositories/moderation.repository.ts';
import { findHold } from '../../repositories/safety.repository.ts';

type Reason = TModerationItem['reasons'][number];

const reportPicturePath = (imageId: string) =>
  API_PATHS.adminModerationReportPicture.replace(':image_id', encodeURIComponent(imageId));
const holdPicturePath = (holdId: string) => API_PATHS.adminSafetyHoldPicture.replace(':id', holdId);

/** Reasons most frequent first (ties: the first reported first). */
function rankReasons(reasons: string[]): Reason[] {
  const counts = new Map<string, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([reason]) => reason as Reason);
}

function reportItem(row: ReportedImageRow): TModerationItem {
  return {
    kind: 'report',
    id: row.image_id,
    image_id: row.image_id,
    member_id: row.owner_id,
    prompt: row.prompt,
    waiting_since: new Date(row.at).toISOString(),
    report_count: row.report_count,
    reasons: rankReasons(row.reasons),
    hidden: row.hidden_for_review,
    min_age: null,
    picture_path: row.original_key ? reportPicturePath(row.image_id) : null,
  };
}

function holdItem(row: PendingHoldRow): TModerationItem {
  return {
    kind: 'hold',
    id: row.id,
    image_id: row.image_id,
    member_id: row.member_id,
    prompt: row.prompt,
    waiting_since: new Date(row.created_at).toISOString(),
    report_count: 0,
    reasons: [],
    hidden: true,
    min_age: row.min_age,
    picture_path: row.quarantine_key ? holdPicturePath(row.id) : null,
  };
}

const positionOf = (item: TModerationItem): QueuePosition => ({
  at: new Date(item.waiting_since),
  key: `${item.kind}:${item.id}`,
});

/** Queue order: waiting_since, then the key compared by code unit (the SQL's COLLATE "C"). */
function compare(a: TModerationItem, b: TModerationItem) {
  const pa = positionOf(a);
  const pb = positionOf(b);
  if (pa.at.getTime() !== pb.at.getTime()) return pa.at.getTime() - pb.at.getTime();
  return pa.key < pb.key ? -1 : pa.key > pb.key ? 1 : 0;
}

export async function listModerationQueue(
  db: Database,
  query: TListModerationRequestParsed,
): Promise<TListModerationResponse> {
  const cursor = query.cursor ? decodeConsoleCursor(query.cursor) : null;
  const after = cursor ? { at: cursor.at, key: cursor.id } : null;
  const take = query.limit + 1;
  // Each source gives its next limit + 1 rows after the cursor; merged, the first `limit` are the page.
  const [reports, holds] = await Promise.all([
    query.kind === 'hold' ? [] : listReportedImages(db, after, take),
    query.kind === 'report' ? [] : listPendingHolds(db, after, take),
  ]);
  const merged = [...reports.map(reportItem), ...holds.map(holdItem)].sort(compare);
  const items = merged.slice(0, query.limit);
  const last = items.at(-1);
  const next_cursor =
    merged.length > query.limit && last
      ? encodeConsoleCursor({ at: positionOf(last).at, id: positionOf(last).key })
      : null;
  return { status: 'ok', items, next_cursor };
}

async function historyOf(db: Database, memberId: string): Promise<TModerationHistory> {
  const h = await findMemberHistory(db, memberId);
  if (!h.member) throw notFound('Member');
  return {
    member: {
      id: h.member.id,
      nickname: h.member.nickname,
      coin_balance: h.member.coinBalance,
      muted_until: h.member.mutedUntil?.toISOString() ?? null,
      created_at: h.member.createdAt.toISOString(),
    },
    recent_generations: h.images.map((i) => ({
      image_id: i.imageId,
      prompt: i.prompt,
      status: i.status,
      is_open: i.isOpen,
      created_at: i.createdAt.toISOString(),
    })),
    reports: h.reports.map((r) => ({
      image_id: r.imageId,
      reason: r.reason,
      status: r.status,
      created_at: r.createdAt.toISOString(),
    })),
    holds: h.holds.map((x) => ({
      id: x.id,
      image_id: x.imageId,
      status: x.status,
      created_at: x.createdAt.toISOString(),
    })),
    safety_events: h.safetyEvents.map((e) => ({
      outcome: e.outcome,
      stage: e.stage,
      rule: e.rule,
      created_at: e.createdAt.toISOString(),
    })),
  };
}

/** A reported image: open (in the queue) or decided (its latest decision), with the owner's history. */
export async function getReportedImage(db: Database, imageId: string): Promise<TModerationDetailResponse> {
  const open = await findReportedImage(db, imageId);
  if (open) {
    return {
      status: 'ok',
      item: reportItem(open),
      state: 'open',
      decided_by: null,
      decided_at: null,
      history: await historyOf(db, open.owner_id),
    };
  }
  const [image, last] = await Promise.all([findImageForModeration(db, imageId), findLatestDecidedReport(db, imageId)]);
  if (!image || !last) throw notFound('Reported image');
  return {
    status: 'ok',
    item: {
      kind: 'report',
      id: imageId,
      image_id: imageId,
      member_id: image.ownerId,
      prompt: image.prompt,
      waiting_since: (last.decidedAt ?? new Date()).toISOString(),
      report_count: 0,
      reasons: [],
      hidden: image.hiddenForReview,
      min_age: null,
      picture_path: image.originalKey ? reportPicturePath(imageId) : null,
    },
    state: last.status,
    decided_by: last.decidedBy,
    decided_at: last.decidedAt?.toISOString() ?? null,
    history: await historyOf(db, image.ownerId),
  };
}

export async function getHeldPicture(db: Database, holdId: string): Promise<TModerationDetailResponse> {
  const hold = await findHold(db, holdId);
  if (!hold) throw notFound('Hold');
  return {
    status: 'ok',
    item: holdItem({
      id: hold.id,
      image_id: hold.imageId,
      member_id: hold.memberId,
      min_age: hold.minAge,
      created_at: hold.createdAt,
      prompt: hold.image.prompt,
      quarantine_key: hold.quarantineKey,
    }),
    state: hold.status,
    decided_by: hold.decidedBy,
    decided_at: hold.decidedAt?.toISOString() ?? null,
    history: await historyOf(db, hold.memberId),
  };
}

/**
 * The stored picture of a reported image (WebP), for the reviewer; 404 when there is no copy, and for
 * an image nobody reported (this route is not a way round the owner's privacy).
 */
export async function readReportedPicture(deps: { db: Database; storage: ImageStorage }, imageId: string) {
  const [image, reported] = await Promise.all([
    findImageForModeration(deps.db, imageId),
    wasReported(deps.db, imageId),
  ]);
  if (!reported) throw notFound('Reported image');
  const picture = image?.originalKey ? await deps.storage.get(image.originalKey) : null;
  if (!picture) throw notFound('Picture');
  return picture;
}
