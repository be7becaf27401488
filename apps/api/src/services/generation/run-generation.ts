import type { Model, Style } from '@velvet/contracts/options';
import type { Logger } from 'pino';
import { UnrecoverableError } from 'bullmq';
import type { AppServices } from '../../plugins/app/services.ts';
import { ImageProviderError } from '../../providers/image-model/errors.ts';
import { storeImageFiles } from '../../providers/storage/image-files.ts';
import {
  completeImage,
  findRunWithImages,
  markProcessingImagesFailed,
  settleRunStatus,
} from '../../repositories/generation.repository.ts';
import { tryPublishMemberEvent } from '../events/member-events.ts';
import { postLedgerEntry } from '../ledger/post-ledger-entry.ts';

/**
 * Draws the images of a run that are still processing and stores them. Safe to run twice: images
 * already complete are skipped, so a retry after a crash only finishes what is missing.
 */
export async function runGeneration(services: AppServices, runId: string, log: Logger): Promise<void> {
  const run = await findRunWithImages(services.db, runId);
  if (!run) throw new UnrecoverableError(`Generation run ${runId} does not exist`);
  const pending = run.images.filter((image) => image.status === 'processing');
  if (pending.length === 0) return;

  let images;
  try {
    images = await services.imageModel.generate({
      runId,
      prompt: run.prompt,
      model: run.runType as Model,
      style: run.runStyle as Style,
      width: run.width,
      height: run.height,
      strength: Number(run.strength),
      count: run.images.length,
      upscale4k: run.fourk,
    });
  } catch (error) {
    // A request the provider refuses (4xx, malformed answer) will not succeed on retry: fail the run
    // now so its coins come back at once. Transient errors (timeouts, 5xx, 429) are retried.
    if (error instanceof ImageProviderError && !error.transient) {
      log.warn({ runId, code: error.code, status: error.status }, 'image provider refused the run');
      throw new UnrecoverableError(error.message);
    }
    throw error;
  }
  if (images.length < run.images.length) {
    throw new Error(`Provider ${services.imageModel.name} returned ${images.length} of ${run.images.length} images`);
  }
  for (const image of pending) {
    const position = run.images.findIndex((i) => i.imageId === image.imageId);
    const keys = await storeImageFiles(services.storage, image.imageId, images[position]!.data);
    if (await completeImage(services.db, image.imageId, keys)) {
      await tryPublishMemberEvent(services.redis, run.memberId, {
        type: 'image.status',
        image_id: image.imageId,
        status: 'complete',
      });
    }
  }
  await settleRunStatus(services.db, runId);
  log.info({ runId, images: pending.length, provider: services.imageModel.name }, 'generation run complete');
}

/**
 * After the last attempt: every unfinished image of the run is marked failed and its share of the
 * run's cost goes back to the member through the ledger, in the same transaction. Running it twice
 * refunds nothing more (no image is processing any more, and each refund has its own key).
 */
export async function failGenerationRun(services: Pick<AppServices, 'db' | 'redis'>, runId: string): Promise<string[]> {
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
          idempotencyKey: `generation_refund:${imageId}`,
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
