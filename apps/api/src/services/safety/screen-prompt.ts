import type { Database } from '../../db/client.ts';
import { countRecentSafetyEvents, flagMember, recordSafetyEvent } from '../../repositories/safety.repository.ts';
import { checkPromptSafety, PROMPT_REFUSED_DETAIL } from './check-prompt-safety.ts';

/** Refused prompts within a day after which the member is flagged for review. */
export const FLAG_AFTER_REFUSALS_PER_DAY = 3;

/**
 * Screens a prompt before anything is charged. A refusal is recorded for review (who, what, which
 * terms), and a member who keeps trying is flagged.
 */
export async function screenPrompt(
  db: Database,
  memberId: string,
  prompt: string,
): Promise<{ allowed: true } | { allowed: false; detail: string }> {
  const verdict = checkPromptSafety(prompt);
  if (verdict.allowed) return { allowed: true };
  await recordSafetyEvent(db, { memberId, prompt, matchedTerms: verdict.matched });
  const since = new Date(Date.now() - 24 * 3600 * 1000);
  if ((await countRecentSafetyEvents(db, memberId, since)) >= FLAG_AFTER_REFUSALS_PER_DAY) {
    await flagMember(db, memberId);
  }
  return { allowed: false, detail: PROMPT_REFUSED_DETAIL };
}
