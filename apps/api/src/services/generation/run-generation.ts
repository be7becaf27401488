import type { Model, Style } from '@velvet/contracts/options';
import type { Logger } from 'pino';
import { UnrecoverableError } from 'bullmq';
import type { AppServices } from '../../plugins/app/services.ts';
import { storeImageFiles } from '../../providers/storage/image-files.ts';
import {
  completeImage,
  failProcessingImages,
  findRunWithImages,
  settleRunStatus,
} from '../../repositories/generation.repository.ts';

/**
 * Draws the images of a run that are still processing and stores them. Safe to run twice: images
 * already complete are skipped, so a retry after a crash only finishes what is missing.
 */
export async function runGeneration(services: AppServices, runId: string, log: Logger): Promise<void> {
  const run = await findRunWithImages(services.db, runId);
  if (!run) throw new UnrecoverableError(`Generation run ${runId} does not exist`);
  const pending = run.images.filter((image) => image.status === 'processing');
  if (pending.length === 0) return;

  const images = await services.imageModel.generate({
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
  if (images.length < run.images.length) {
    throw new Error(`Provider ${services.imageModel.name} returned ${images.length} of ${run.images.length} images`);
  }
  for (const image of pending) {
    const position = run.images.findIndex((i) => i.imageId === image.imageId);
    const keys = await storeImageFiles(services.storage, image.imageId, images[position]!.data);
    await completeImage(services.db, image.imageId, keys);
  }
  await settleRunStatus(services.db, runId);
  log.info({ runId, images: pending.length, provider: services.imageModel.name }, 'generation run complete');
}

/** After the last attempt: every unfinished image of the run is marked failed (refunds: ledger). */
export async function failGenerationRun(services: AppServices, runId: string): Promise<string[]> {
  const failed = await failProcessingImages(services.db, runId);
  await settleRunStatus(services.db, runId).catch(() => undefined);
  return failed;
}
