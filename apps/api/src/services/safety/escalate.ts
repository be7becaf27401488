// Escalations: an attempt a classifier rates as child sexual abuse material is preserved for a report
// to the authorities (NCMEC CyberTipline in the US; docs/safety.md): the member and their email, the
// member's safety log of the 30 days before (prompts, stages, rules, times, addresses) and this
// attempt's address. The record survives account deletion (the email is copied, the member link is
// set null or follows the anonymised id) and is kept until retainUntil.
import type { TEscalationPrompt } from '@velvet/contracts/admin/safety';
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { createEscalation, findSafetyHistory } from '../../repositories/safety.repository.ts';

/** How far back the member's safety log is copied into an escalation. */
export const ESCALATION_HISTORY_DAYS = 30;

const DAY_MS = 24 * 3600 * 1000;

/** Call after the attempt itself was logged: it is the last of the copied prompts. */
export async function escalateAttempt(
  deps: { db: Database; config: Pick<AppConfig, 'SAFETY_ESCALATION_RETENTION_DAYS'> },
  attempt: { memberId: string; ip: string | null; stage: string; rule: string },
  now: Date,
) {
  const history = await findSafetyHistory(
    deps.db,
    attempt.memberId,
    new Date(now.getTime() - ESCALATION_HISTORY_DAYS * DAY_MS),
  );
  const prompts: TEscalationPrompt[] = history.map((event) => ({
    prompt: event.prompt,
    outcome: event.outcome,
    stage: event.stage,
    rule: event.rule,
    time: event.createdAt.toISOString(),
    ip: event.ip,
  }));
  return createEscalation(deps.db, {
    memberId: attempt.memberId,
    // Member ids are the sign-in email; the copy outlives the account.
    memberEmail: attempt.memberId,
    prompts,
    ip: attempt.ip,
    stage: attempt.stage,
    rule: attempt.rule,
    retainUntil: new Date(now.getTime() + deps.config.SAFETY_ESCALATION_RETENTION_DAYS * DAY_MS),
  });
}
