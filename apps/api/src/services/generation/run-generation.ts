import type { Model, Style } from '@velvet/contracts/options';
import type { Logger } from 'pino';
import { UnrecoverableError } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Database } from '../../db/client.ts';
import { decodeRgb, type RgbPicture, releasePixels } from '../../lib/picture-pixels.ts';
import type { GeneratedImage, ImageModelProvider } from '../../providers/image-model/index.ts';
import type { ImageStorage } from '../../providers/storage/index.ts';
import { ImageProviderError } from '../../providers/image-model/errors.ts';
import { makeThumbnail, storeImageFiles, storeQuarantinedImage } from '../../providers/storage/image-files.ts';
import {
  completeImage,
  findImageStatus,
  findRunWithImages,
  markImageHeld,
  markProcessingImagesFailed,
  settleRunStatus,
} from '../../repositories/generation.repository.ts';
import { createSafetyHold, recordHeldPictureEvent } from '../../repositories/safety-holds.repository.ts';
import { queueMemberEvent, tryPublishMemberEvent } from '../events/member-events.ts';
import type { RunDrawing } from '../../jobs/generation-run.job.ts';
import { postLedgerEntry } from '../ledger/post-ledger-entry.ts';
import type { PictureSafetyCheck, PictureVerdict } from '../safety/verdict.ts';
import { staleMemberGalleries } from '../galleries/gallery-cache.ts';

/** What drawing a run needs (the worker passes its services). */
export interface GenerationDeps {
  db: Database;
  redis: Redis;
  storage: ImageStorage;
  imageModel: ImageModelProvider;
  pictureSafety: PictureSafetyCheck | null;
}

type Run = NonNullable<Awaited<ReturnType<typeof findRunWithImages>>>;
type HeldVerdict = Extract<PictureVerdict, { outcome: 'held' }>;

/** The idempotency key of an image's refund: one key for the hold and the failure paths alike. */
const refundKey = (imageId: string) => `generation_refund:${imageId}`;

/** What `run`'s pictures are drawn from (the make call queues the same, computed by this function). */
export function runDrawing(run: {
  prompt: string;
  runType: string;
  runStyle: string;
  width: number;
  height: number;
  strength: number | string;
  fourk: boolean;
  requestCnt: number;
}): RunDrawing {
  return {
    prompt: run.prompt,
    model: run.runType as Model,
    style: run.runStyle as Style,
    width: run.width,
    height: run.height,
    strength: Number(run.strength),
    count: run.requestCnt,
    upscale4k: run.fourk,
  };
}

function sameDrawing(a: RunDrawing, b: RunDrawing): boolean {
  return (Object.keys(b) as (keyof RunDrawing)[]).every((key) => a[key] === b[key]);
}

/**
 * Draws the images of a run that are still processing, passes each picture through the picture safety
 * check, and stores it: where members fetch it when allowed, in quarantine when held. Safe to run
 * twice: only processing images are pending, so a retry after a crash only finishes what is missing.
 * A check that throws fails the attempt (the job retries; the last attempt's failure path refunds):
 * no picture is ever stored unchecked. `queued`: what the job says to draw (queued once the run was
 * committed): drawing starts at once and the run is read beside it, off each image's path
 * (docs/performance.md, "Worker"); the run's row decides, and a drawing that differs from it is dropped.
 */
export async function runGeneration(
  services: GenerationDeps,
  runId: string,
  log: Logger,
  queued?: RunDrawing,
): Promise<void> {
  // The job's copy is drawn at once; the run is read meanwhile (one round trip off the image's path).
  const early = new AbortController();
  const drawnEarly = queued ? drawRun(services, runId, queued, log, early.signal) : null;
  drawnEarly?.catch(() => undefined); // awaited below when the run agrees with it; else called off
  const run = await findRunWithImages(services.db, runId).catch((error: unknown) => {
    early.abort();
    throw error;
  });
  const pending = run ? run.images.filter((image) => image.status === 'processing') : [];
  if (!run || pending.length === 0) {
    early.abort();
    if (!run) throw new UnrecoverableError(`Generation run ${runId} does not exist`);
    return;
  }
  const drawing = runDrawing(run);
  const agrees = queued !== undefined && drawnEarly !== null && sameDrawing(queued, drawing);
  if (!agrees) early.abort();
  const images = agrees ? await drawnEarly : await drawRun(services, runId, drawing, log);
  if (images.length < run.images.length) {
    throw new Error(`Provider ${services.imageModel.name} returned ${images.length} of ${run.images.length} images`);
  }
  let held = 0;
  for (const image of pending) {
    const position = run.images.findIndex((i) => i.imageId === image.imageId);
    const data = images[position]!.data;
    // Decoded once when the check decodes on this machine: the thumbnail is made from the same pixels
    // (docs/performance.md, "One decode, one ledger statement, a cheaper thumbnail").
    const pixels = services.pictureSafety?.usesPixels ? decodeRgb(data) : undefined;
    pixels?.catch(() => undefined); // the check reports a failed decode (fail closed)
    // The thumbnail is drawn in memory while the picture is checked (both take the CPU for tens of
    // ms); nothing is stored until the verdict allows it.
    const thumbnail = makeThumbnail(data, pixels);
    thumbnail.catch(() => undefined); // awaited below when the picture is stored; a held one drops it
    const verdict = await checkPicture(services, data, pixels);
    if (pixels) releaseWhenThumbnailMade(pixels, thumbnail);
    if (verdict?.outcome === 'held') {
      if (await holdImage(services, run, image.imageId, data, verdict)) held += 1;
      log.warn(
        { runId, imageId: image.imageId, checker: verdict.checker, rule: verdict.rule, faces: verdict.faces },
        'picture held for safety review',
      );
      continue;
    }
    const keys = await storeImageFiles(services.storage, image.imageId, data, thumbnail);
    if (await completeImage(services.db, image.imageId, keys)) {
      // In My Collections from now on, before the member is told (their screen reloads the page): one
      // MULTI, so one round trip, and Redis runs the bump before the event. Publishing is a courtesy
      // (clients also poll): a Redis hiccup must not fail the image.
      const told = staleMemberGalleries(services.redis.multi(), run.memberId);
      await queueMemberEvent(told, run.memberId, { type: 'image.status', image_id: image.imageId, status: 'complete' })
        .exec()
        .catch(() => undefined);
    }
  }
  await settleRunStatus(services.db, runId);
  log.info({ runId, images: pending.length, held, provider: services.imageModel.name }, 'generation run complete');
}

/** The decoded pixels go back once the thumbnail is made from them (the check took a copy of its own). */
function releaseWhenThumbnailMade(pixels: Promise<RgbPicture>, thumbnail: Promise<Buffer>): void {
  Promise.all([pixels, thumbnail]).then(
    ([decoded]) => releasePixels(decoded),
    () => undefined,
  );
}

/** The provider's pictures for a run; a request the provider refuses fails the run for good. */
async function drawRun(
  services: GenerationDeps,
  runId: string,
  drawing: RunDrawing,
  log: Logger,
  signal?: AbortSignal,
): Promise<GeneratedImage[]> {
  try {
    return await services.imageModel.generate({ runId, ...drawing }, signal);
  } catch (error) {
    // A request the provider refuses (4xx, malformed answer) will not succeed on retry: fail the run
    // now so its coins come back at once. Transient errors (timeouts, 5xx, 429) are retried.
    if (error instanceof ImageProviderError && !error.transient) {
      log.warn({ runId, code: error.code, status: error.status }, 'image provider refused the run');
      throw new UnrecoverableError(error.message);
    }
    throw error;
  }
}

/** The picture check's verdict (null when SAFETY_PICTURE_CHECK is off); a failing check throws. */
async function checkPicture(
  services: GenerationDeps,
  picture: Buffer,
  pixels: Promise<RgbPicture> | undefined,
): Promise<PictureVerdict | null> {
  return services.pictureSafety ? services.pictureSafety.check(picture, undefined, pixels) : null;
}

/**
 * Withholds one picture: stored only under its quarantine key, then in one transaction the image is
 * held (no member-served files), the review-queue entry and the safety log entry are written and the
 * image's share of the run's cost goes back through the ledger (the failure path's key, so an image is
 * never refunded twice). The balance is published first, then the image's status. False when the
 * image was settled by another attempt meanwhile (nothing more is done).
 */
async function holdImage(
  services: GenerationDeps,
  run: Run,
  imageId: string,
  picture: Buffer,
  verdict: HeldVerdict,
): Promise<boolean> {
  const quarantineKey = await storeQuarantinedImage(services.storage, imageId, picture);
  const outcome = await services.db.$transaction(async (tx) => {
    if (!(await markImageHeld(tx, imageId))) return null;
    await createSafetyHold(tx, {
      imageId,
      memberId: run.memberId,
      checker: verdict.checker,
      minAge: Math.max(0, Math.floor(verdict.minAge ?? 0)),
      faces: verdict.faces,
      quarantineKey,
    });
    await recordHeldPictureEvent(tx, {
      memberId: run.memberId,
      imageId,
      prompt: run.prompt,
      stage: verdict.stage,
      category: verdict.category,
      rule: verdict.rule,
      matchedTerms: verdict.matched,
    });
    const perImage = Math.floor(run.cost / run.requestCnt);
    if (perImage <= 0) return { balance: null };
    const refund = await postLedgerEntry(tx, {
      memberId: run.memberId,
      delta: perImage,
      reason: 'generation_refund',
      reference: imageId,
      idempotencyKey: refundKey(imageId),
    });
    return { balance: refund.balance };
  });
  if (!outcome) {
    // Settled elsewhere first: unless that was this same hold, nothing refers to the quarantined copy.
    const current = await findImageStatus(services.db, imageId);
    if (current?.status !== 'held') await services.storage.delete(quarantineKey);
    return false;
  }
  if (outcome.balance !== null) {
    await tryPublishMemberEvent(services.redis, run.memberId, { type: 'balance', cur_tokens: outcome.balance });
  }
  await tryPublishMemberEvent(services.redis, run.memberId, {
    type: 'image.status',
    image_id: imageId,
    status: 'held',
  });
  return true;
}

/**
 * After the last attempt: every unfinished image of the run is marked failed and its share of the
 * run's cost goes back to the member through the ledger, in the same transaction. Running it twice
 * refunds nothing more (no image is processing any more, and each refund has its own key).
 */
export async function failGenerationRun(
  services: Pick<GenerationDeps, 'db' | 'redis'>,
  runId: string,
): Promise<string[]> {
  const outcome = await services.db.$transaction(async (tx) => {
    const failed = await markProcessingImagesFailed(tx, runId);
    if (!failed || failed.imageIds.length === 0) return null;
    const perImage = Math.floor(failed.cost / failed.requestCnt);
    let balance: number | null = null;
    if (perImage > 0) {
      for (const imageId of failed.imageIds) {
        const refund = await postLedgerEntry(tx, {
          memberId: failed.memberId,
          delta: perImage,
          reason: 'generation_refund',
          reference: imageId,
          idempotencyKey: refundKey(imageId),
        });
        balance = refund.balance;
      }
    }
    return { ...failed, balance };
  });
  await settleRunStatus(services.db, runId).catch(() => undefined);
  if (!outcome) return [];
  // The balance first: a screen stops listening once nothing of it is processing any more.
  if (outcome.balance !== null) {
    await tryPublishMemberEvent(services.redis, outcome.memberId, { type: 'balance', cur_tokens: outcome.balance });
  }
  for (const imageId of outcome.imageIds) {
    await tryPublishMemberEvent(services.redis, outcome.memberId, {
      type: 'image.status',
      image_id: imageId,
      status: 'failed',
    });
  }
  return outcome.imageIds;
}
