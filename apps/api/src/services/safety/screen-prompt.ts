// Enforcement of the prompt screen, before anything is charged (docs/safety.md):
// 1. a muted member is refused at once and told until when;
// 2. the prompt and the `details` text go through the pipeline (services.promptSafety);
// 3. a refusal names the rule category, never the matched words, and is logged (member, prompt,
//    matches, stage, rule, address); an attempt rated as abuse material is escalated; enough
//    refusals mute the member, and the refusal that mutes says so.
// A classifier that fails while the pipeline fails closed throws SafetyUnavailableError: nothing is
// logged or counted (it was not the member's doing).
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { findMutedUntil, recordSafetyEvent } from '../../repositories/safety.repository.ts';
import { escalateAttempt } from './escalate.ts';
import { muteAfterRefusal, mutedDetail } from './mute-member.ts';
import type { PromptSafety } from './prompt-pipeline.ts';
import {
  ALLOWED,
  type SafetyCategory,
  type SafetyRefusal,
  type SafetyVerdict,
} from '../../providers/safety/verdict.ts';
import { SAFETY_CATEGORY_LABELS } from './verdict.ts';

export interface ScreenDeps {
  db: Database;
  config: AppConfig;
  promptSafety: PromptSafety;
}

export interface ScreenRequest {
  memberId: string;
  /** The sanitised prompt. */
  prompt: string;
  /** The request's display text (model, style, ratio); screened like the prompt. */
  details?: string | undefined;
  /** The client address, kept with a refusal for escalations. */
  ip: string | null;
  /** The member's mute as the caller just read it with the member (saves a round trip); read here when absent. */
  mutedUntil?: Date | null;
}

export type ScreenResult = { allowed: true } | { allowed: false; detail: string; mutedUntil?: Date };

/** What a refused member reads: the rule category, never what matched. */
export function refusalDetail(category: SafetyCategory): string {
  return `This prompt cannot be used: ${SAFETY_CATEGORY_LABELS[category]} is not allowed on Velvet.`;
}

/** The refusal text of the one category today. */
export const PROMPT_REFUSED_DETAIL = refusalDetail('minors');

/** Where `details` refusals are told apart from prompt refusals in the safety log. */
export const DETAILS_LOG_PREFIX = 'details: ';

export async function screenPrompt(deps: ScreenDeps, request: ScreenRequest, now = new Date()): Promise<ScreenResult> {
  const { db, promptSafety } = deps;
  const mutedUntil = request.mutedUntil !== undefined ? request.mutedUntil : await findMutedUntil(db, request.memberId);
  if (mutedUntil && mutedUntil > now) return { allowed: false, detail: mutedDetail(mutedUntil), mutedUntil };

  // Both texts at once (a classifier's latency counts once); a refusal of either wins over a
  // classifier failure of the other, which otherwise makes the request unavailable.
  const [promptVerdict, detailsVerdict] = await Promise.allSettled([
    promptSafety.check(request.prompt),
    request.details ? promptSafety.check(request.details) : Promise.resolve<SafetyVerdict>(ALLOWED),
  ]);
  const refused = (result: PromiseSettledResult<SafetyVerdict>) =>
    result.status === 'fulfilled' && result.value.outcome !== 'allowed' ? result.value : null;
  const promptRefusal = refused(promptVerdict);
  const verdict: SafetyRefusal | null = promptRefusal ?? refused(detailsVerdict);
  const screened = promptRefusal ? request.prompt : `${DETAILS_LOG_PREFIX}${request.details ?? ''}`;
  if (!verdict) {
    for (const result of [promptVerdict, detailsVerdict]) if (result.status === 'rejected') throw result.reason;
    return { allowed: true };
  }

  // A prompt is never generated unless allowed: whatever the stage said, the request was refused.
  await recordSafetyEvent(db, {
    memberId: request.memberId,
    prompt: screened,
    matchedTerms: verdict.matched,
    outcome: 'refused',
    stage: verdict.stage,
    category: verdict.category,
    rule: verdict.rule,
    ip: request.ip,
  });
  if (verdict.escalate) {
    await escalateAttempt(
      deps,
      { memberId: request.memberId, ip: request.ip, stage: verdict.stage, rule: verdict.rule },
      now,
    );
  }
  const muted = await muteAfterRefusal(deps, request.memberId, verdict, now);
  const detail = refusalDetail(verdict.category);
  return muted
    ? { allowed: false, detail: `${detail} ${mutedDetail(muted)}`, mutedUntil: muted }
    : { allowed: false, detail };
}
