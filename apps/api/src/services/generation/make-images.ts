import { generationCost } from '@velvet/contracts/catalog';
import { imageIdsFor } from '@velvet/contracts/format';
import type { TMakeImagesRequestParsed, TMakeImagesResponse } from '@velvet/contracts/images/make-images';
import { RATIOS } from '@velvet/contracts/options';
import { AppError } from '../../errors.ts';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../../config/env.ts';
import { inPoolTransaction, type Database } from '../../db/client.ts';
import { generationRunJob } from '../../jobs/generation-run.job.ts';
import type { Queues } from '../../jobs/queues.ts';
import { createRunWithImages, findRunOwner } from '../../repositories/generation.repository.ts';
import { memberBalance } from '../../repositories/ledger.repository.ts';
import { findMemberToGenerate } from '../../repositories/member.repository.ts';
import { InsufficientCoinsError, postLedgerEntry } from '../ledger/post-ledger-entry.ts';
import { SAFETY_UNAVAILABLE_DETAIL, SafetyUnavailableError, type PromptSafety } from '../safety/prompt-pipeline.ts';
import { screenPrompt, type ScreenResult } from '../safety/screen-prompt.ts';
import { failGenerationRun, runDrawing } from './run-generation.ts';

export const NICKNAME_NEEDED = 'Please set a nickname on the Manage Account page before generating images.';
export const QUEUE_DOWN =
  'Image generation is unavailable right now. Your coins were refunded; please try again in a moment.';

export function notEnoughCoinsDetail(cost: number, balance: number): string {
  return `Not enough coins: this generation costs ${cost} coins and your balance is ${balance}. Top up on the Coins page.`;
}

type Deps = { db: Database; redis: Redis; queues: Queues; config: AppConfig; promptSafety: PromptSafety };

/**
 * POST /api/v2/images/make. The server decides everything that matters: the prompt is sanitised by
 * the contract and screened here (a muted member is refused first; refusals are logged, may mute or
 * escalate, and charge nothing; a safety check that is down is a 503), every option was checked
 * against the option sets, and the cost is computed from the count and 4k flag, never taken from the
 * client. The charge, the run and its processing images are one transaction; then one job
 * (id = run_id) is queued. Sending the same run_id again charges nothing and answers the same outcome.
 */
export async function makeImages(
  deps: Deps,
  memberId: string,
  input: TMakeImagesRequestParsed,
  /** The client address, kept with a safety refusal. */
  ip: string | null = null,
): Promise<TMakeImagesResponse> {
  const { db } = deps;
  // Two independent reads, side by side: one round trip to the database instead of two. The member's
  // row carries its mute, so the screen does not read it again.
  const [member, existing] = await Promise.all([findMemberToGenerate(db, memberId), findRunOwner(db, input.run_id)]);
  if (!member || member.deletedAt) throw new AppError(401, 'Login required');
  if (existing) return repeatOutcome(deps, memberId, input.run_id, existing);

  if (!member.nickname) return { status: 'no', detail: NICKNAME_NEEDED, cur_tokens: member.coinBalance };
  let screened: ScreenResult;
  try {
    screened = await screenPrompt(deps, {
      memberId,
      prompt: input.prompt,
      details: detailsToScreen(input),
      ip,
      mutedUntil: member.mutedUntil,
    });
  } catch (error) {
    if (error instanceof SafetyUnavailableError) throw new AppError(503, SAFETY_UNAVAILABLE_DETAIL);
    throw error;
  }
  if (!screened.allowed) {
    return {
      status: 'no',
      detail: screened.detail,
      cur_tokens: member.coinBalance,
      ...(screened.mutedUntil ? { muted_until: screened.mutedUntil.toISOString() } : {}),
    };
  }

  const fourk = input.fourk_yn === 'yes';
  const cost = generationCost(input.request_cnt, fourk);
  const imageIds = imageIdsFor(input.run_id, input.request_cnt);
  const size = RATIOS[input.run_ratio];

  let balance: number;
  try {
    // On the pool, not through Prisma's interactive transaction: the charge is on the path of every
    // generation (docs/performance.md, "The charge on the pool"). Waits for a free connection.
    const charged = await inPoolTransaction(db, async (tx) => {
      const debit = await postLedgerEntry(tx, {
        memberId,
        delta: -cost,
        reason: 'generation',
        reference: input.run_id,
        idempotencyKey: `generation:${input.run_id}`,
      });
      // A concurrent request with the same run_id got there first: same outcome, no second charge.
      if (!debit.posted) return { duplicate: true as const, balance: debit.balance };
      await createRunWithImages(tx, {
        runId: input.run_id,
        memberId,
        prompt: input.prompt,
        runType: input.run_type,
        runStyle: input.run_style,
        runRatio: input.run_ratio,
        width: size.width,
        height: size.height,
        strength: input.strength,
        fourk,
        details: input.details,
        cost,
        imageIds,
      });
      return { duplicate: false as const, balance: debit.balance };
    });
    if (charged.duplicate) {
      const run = await findRunOwner(db, input.run_id);
      if (run) return repeatOutcome(deps, memberId, input.run_id, run);
    }
    balance = charged.balance;
  } catch (error) {
    if (error instanceof InsufficientCoinsError) {
      return { status: 'no', detail: notEnoughCoinsDetail(cost, error.balance), cur_tokens: error.balance };
    }
    throw error;
  }

  try {
    // What to draw goes with the job (the values just committed, as the worker reads them from the
    // run): the worker starts drawing while it reads the run.
    const drawing = runDrawing({
      prompt: input.prompt,
      runType: input.run_type,
      runStyle: input.run_style,
      width: size.width,
      height: size.height,
      strength: input.strength.toFixed(1),
      fourk,
      requestCnt: imageIds.length,
    });
    await generationRunJob.enqueue(deps.queues, { runId: input.run_id, drawing });
  } catch {
    // Without a job nothing would ever finish the run: give the coins back at once.
    await failGenerationRun(deps, input.run_id);
    throw new AppError(503, QUEUE_DOWN);
  }
  return { status: 'ok', cur_tokens: balance, image_ids: imageIds };
}

/**
 * `details` is free text the server keeps, so it is screened like the prompt, unless it is exactly the
 * text the web builds from the chosen options ('Realistic, Free, Portrait'): those are ours, and a
 * classifier call saved on every normal request.
 */
function detailsToScreen(input: TMakeImagesRequestParsed): string | undefined {
  return input.details === `${input.run_type}, ${input.run_style}, ${input.run_ratio}` ? undefined : input.details;
}

async function repeatOutcome(
  deps: Deps,
  memberId: string,
  runId: string,
  run: NonNullable<Awaited<ReturnType<typeof findRunOwner>>>,
): Promise<TMakeImagesResponse> {
  if (run.memberId !== memberId) throw new AppError(409, 'run_id is already in use; generate a new one', 'run_id');
  // A repeat of a request whose job may have been lost (e.g. Redis restarted): queue it again; the job
  // id makes this a no-op when it is still queued.
  if (run.images.some((i) => i.status === 'processing'))
    await generationRunJob.enqueue(deps.queues, { runId }).catch(() => undefined);
  const balance = (await memberBalance(deps.db, memberId))?.coinBalance ?? 0;
  return { status: 'ok', cur_tokens: balance, image_ids: run.images.map((i) => i.imageId) };
}
