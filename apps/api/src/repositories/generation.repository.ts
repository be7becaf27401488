import {
  readRows,
  runStatement,
  type Database,
  type DatabaseOrTransaction,
  type DatabaseTransaction,
  type RawTransaction,
} from '../db/client.ts';
import { Prisma } from '../generated/prisma/client.ts';

/** What the worker needs to draw a run: its settings and its images (in image id order) with their status. */
export interface RunToDraw {
  runId: string;
  memberId: string;
  prompt: string;
  runType: string;
  runStyle: string;
  width: number;
  height: number;
  /** '0.50' (numeric, as PostgreSQL writes it). */
  strength: string;
  fourk: boolean;
  cost: number;
  requestCnt: number;
  images: { imageId: string; status: string }[];
}

type RunStatus = 'processing' | 'complete' | 'failed' | 'held';

/** A run's row joined with each of its images' (in image order; one row with no image when it has none). */
interface RunImageRow {
  run_id: string;
  member_id: string;
  prompt: string;
  run_type: string;
  run_style: string;
  width: number;
  height: number;
  strength: string;
  fourk: boolean;
  cost: number;
  request_cnt: number;
  run_status: RunStatus;
  image_id: string | null;
  image_status: RunStatus | null;
}

/**
 * A run and its images in one query on the pool (readRows), not through Prisma's query layer: it is
 * read at the start of every generation job and on every make call (is this run_id new?).
 */
function readRunImageRows(db: DatabaseOrTransaction, runId: string): Promise<RunImageRow[]> {
  return readRows<RunImageRow>(
    db,
    Prisma.sql`
      SELECT r.run_id, r.member_id, r.prompt, r.run_type, r.run_style, r.width, r.height, r.strength::text AS strength,
             r.fourk, r.cost, r.request_cnt, r.status::text AS run_status, i.image_id, i.status::text AS image_status
        FROM generation_runs r
        LEFT JOIN images i ON i.run_id = r.run_id
       WHERE r.run_id = ${runId}
       ORDER BY i.image_id`,
  );
}

const imagesOf = (rows: RunImageRow[]) =>
  rows.flatMap((row) =>
    row.image_id && row.image_status ? [{ imageId: row.image_id, status: row.image_status }] : [],
  );

/** The run to draw, with its images' states (null when no such run). */
export async function findRunWithImages(db: Database, runId: string): Promise<RunToDraw | null> {
  const rows = await readRunImageRows(db, runId);
  const first = rows[0];
  if (!first) return null;
  return {
    runId: first.run_id,
    memberId: first.member_id,
    prompt: first.prompt,
    runType: first.run_type,
    runStyle: first.run_style,
    width: first.width,
    height: first.height,
    strength: first.strength,
    fourk: first.fourk,
    cost: first.cost,
    requestCnt: first.request_cnt,
    images: imagesOf(rows),
  };
}

/** Marks one image complete with its files; only a still-processing image changes (idempotent). */
export async function completeImage(
  db: Database,
  imageId: string,
  keys: { originalKey: string; thumbnailKey: string },
): Promise<boolean> {
  // On the pool, not through Prisma (runStatement): one statement on the path of every generation.
  const changed = await runStatement(
    db,
    Prisma.sql`
      UPDATE images
         SET status = 'complete', original_key = ${keys.originalKey}, thumbnail_key = ${keys.thumbnailKey},
             completed_at = now(), updated_at = now()
       WHERE image_id = ${imageId} AND status = 'processing'`,
  );
  return changed === 1;
}

/**
 * The run is finished when no image is processing any more (complete, failed and held images are all
 * final). It is failed when every image failed, complete otherwise: a held image was drawn and
 * checked, so a run with only held images is complete (each image says what came of it).
 */
export async function settleRunStatus(db: Database, runId: string): Promise<void> {
  // One statement on the pool (runStatement): it ends every generation job, and at
  // WORKER_CONCURRENCY=1 the next job starts only after it; through Prisma it was two round trips
  // and the query compiler on V8's baseline code (docs/performance.md, "Worker").
  await runStatement(
    db,
    Prisma.sql`
      UPDATE generation_runs
         SET status = CASE
               WHEN EXISTS (SELECT 1 FROM images
                             WHERE run_id = ${runId} AND status IN ('complete'::generation_status, 'held'::generation_status))
               THEN 'complete'::generation_status
               ELSE 'failed'::generation_status
             END,
             completed_at = now(), updated_at = now()
       WHERE run_id = ${runId}
         AND NOT EXISTS (SELECT 1 FROM images WHERE run_id = ${runId} AND status = 'processing'::generation_status)`,
  );
}

/**
 * Marks a still-processing image held (withheld by the picture safety check), with no member-served
 * files, inside the caller's transaction. False when the image was not processing any more (another
 * attempt or the failure path settled it first): the caller then does nothing more.
 */
export async function markImageHeld(tx: DatabaseTransaction, imageId: string): Promise<boolean> {
  const { count } = await tx.image.updateMany({
    where: { imageId, status: 'processing' },
    data: { status: 'held', originalKey: null, thumbnailKey: null, isOpen: false, completedAt: new Date() },
  });
  return count === 1;
}

export function findImageStatus(db: DatabaseOrTransaction, imageId: string) {
  return db.image.findUnique({ where: { imageId }, select: { status: true } });
}

/** Who a run belongs to, and its images' states (null when no such run): on every make call. */
export async function findRunOwner(
  db: DatabaseOrTransaction,
  runId: string,
): Promise<{ memberId: string; status: RunStatus; images: { imageId: string; status: RunStatus }[] } | null> {
  const rows = await readRunImageRows(db, runId);
  const first = rows[0];
  if (!first) return null;
  return { memberId: first.member_id, status: first.run_status, images: imagesOf(rows) };
}

export interface NewRun {
  runId: string;
  memberId: string;
  prompt: string;
  runType: string;
  runStyle: string;
  runRatio: string;
  width: number;
  height: number;
  strength: number;
  fourk: boolean;
  details: string;
  cost: number;
  imageIds: string[];
}

/**
 * The run and its processing images, written in the transaction that charges for them: one statement
 * (the run inserted in a CTE, its images from it), one round trip. Two Prisma createMany calls took
 * 3.0 ms in all against 0.25 ms for a round trip (docs/performance.md, "The make call's inserts, the completed image on the pool").
 * Nothing is read back. The columns Prisma would fill itself are set here: updated_at (@updatedAt);
 * created_at, status, the flags, the counters and random_key keep the table's defaults.
 */
export async function createRunWithImages(tx: RawTransaction, run: NewRun): Promise<void> {
  const strength = run.strength.toFixed(1);
  await runStatement(
    tx,
    Prisma.sql`
    WITH run AS (
      INSERT INTO generation_runs
             (run_id, member_id, prompt, run_type, run_style, run_ratio, width, height, strength,
              request_cnt, fourk, cost, details, updated_at)
      VALUES (${run.runId}, ${run.memberId}, ${run.prompt}, ${run.runType}, ${run.runStyle}, ${run.runRatio},
              ${run.width}, ${run.height}, ${strength}::numeric, ${run.imageIds.length}, ${run.fourk}, ${run.cost},
              ${run.details}, now())
      RETURNING run_id, member_id, prompt, run_type, run_style, run_ratio, strength, width, height, updated_at
    )
    INSERT INTO images
           (image_id, run_id, owner_id, prompt, run_type, run_style, run_ratio, strength, width, height, updated_at)
    SELECT image_id, run.run_id, run.member_id, run.prompt, run.run_type, run.run_style, run.run_ratio,
           run.strength, run.width, run.height, run.updated_at
      FROM run, unnest(${run.imageIds}::varchar[]) AS image_id`,
  );
}

/**
 * Marks every still-processing image of a run failed and returns them with the run's owner and its
 * per-image cost, inside the caller's transaction (which refunds them).
 */
export async function markProcessingImagesFailed(tx: DatabaseTransaction, runId: string) {
  const run = await tx.generationRun.findUnique({
    where: { runId },
    select: { memberId: true, cost: true, requestCnt: true },
  });
  if (!run) return null;
  const images = await tx.image.findMany({ where: { runId, status: 'processing' }, select: { imageId: true } });
  if (images.length > 0) {
    await tx.image.updateMany({ where: { runId, status: 'processing' }, data: { status: 'failed' } });
  }
  return { ...run, imageIds: images.map((i) => i.imageId) };
}

export function findImageOwner(db: DatabaseOrTransaction, imageId: string) {
  return db.image.findUnique({ where: { imageId }, select: { ownerId: true } });
}

/** One image with what the status call and the binary routes need, plus whether `memberId` likes it. */
export function findImageForViewer(db: DatabaseOrTransaction, imageId: string, memberId: string | null) {
  return db.image.findUnique({
    where: { imageId },
    select: {
      imageId: true,
      ownerId: true,
      status: true,
      isOpen: true,
      isClaim: true,
      isDelete: true,
      likeCnt: true,
      viewCnt: true,
      runType: true,
      originalKey: true,
      thumbnailKey: true,
      updatedAt: true,
      likes: { where: { memberId: memberId ?? '' }, select: { memberId: true } },
    },
  });
}

/** Runs still processing that were created before `before`, oldest first. */
export function findProcessingRunsBefore(db: Database, before: Date, limit: number) {
  return db.generationRun.findMany({
    where: { status: 'processing', createdAt: { lt: before } },
    orderBy: { createdAt: 'asc' },
    take: limit,
    select: { runId: true, createdAt: true },
  });
}
