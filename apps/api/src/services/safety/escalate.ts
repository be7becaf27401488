// Escalations: an attempt a classifier rates as child sexual abuse material is preserved for a report
// to the authorities (NCMEC CyberTipline in the US; docs/safety.md): the member and their email, the
// member's safety log of the 30 days before (prompts, stages, rules, times, addresses) and this
// attempt's address. The record survives account deletion (the email is copied, the member link is
// set null or follows the anonymised id) and is kept until retainUntil.
import type { TEscalationPrompt } from '@velvet/contracts/admin/safety';
import type { AppConfig } from '../../config/env.ts';
import type { Database, DatabaseOrTransaction } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { listAuditEntries } from '../../repositories/audit.repository.ts';
import { createEscalation, findSafetyHistory, lockEscalationTarget } from '../../repositories/safety.repository.ts';
import { recordAuditEntry, type ConsoleActor } from '../audit/record-audit-entry.ts';
import { alreadyHandled } from '../moderation/already-handled.ts';

/** How far back the member's safety log is copied into an escalation. */
export const ESCALATION_HISTORY_DAYS = 30;

const DAY_MS = 24 * 3600 * 1000;

/** Call after the attempt itself was logged: it is the last of the copied prompts. */
export async function escalateAttempt(
  deps: { db: DatabaseOrTransaction; config: Pick<AppConfig, 'SAFETY_ESCALATION_RETENTION_DAYS'> },
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

/**
 * Support escalates a reported or held picture from the Moderation screen: the same record the
 * classifiers create (the member's safety log of the 30 days before), with the stage 'moderation' and
 * the rule naming the item. Once per item: a second escalation is a 409 naming who escalated.
 */
export async function escalateBySupport(
  deps: { db: Database; config: Pick<AppConfig, 'SAFETY_ESCALATION_RETENTION_DAYS'> },
  actor: ConsoleActor,
  item: { memberId: string; targetType: 'hold' | 'report'; targetId: string; note: string | null },
  now = new Date(),
) {
  const action = `${item.targetType}.escalate`;
  return deps.db.$transaction(async (tx) => {
    await lockEscalationTarget(tx, `${action}:${item.targetId}`);
    const [earlier] = await listAuditEntries(tx, {
      action,
      targetType: item.targetType,
      targetId: item.targetId,
      limit: 1,
    });
    if (earlier) throw alreadyHandled('escalated', earlier.actorId, earlier.createdAt);
    const member = await tx.member.findUnique({ where: { id: item.memberId }, select: { id: true } });
    if (!member) throw new AppError(404, 'Member not found');
    const escalation = await escalateAttempt(
      { db: tx, config: deps.config },
      { memberId: item.memberId, ip: null, stage: 'moderation', rule: `${item.targetType}:${item.targetId}` },
      now,
    );
    await recordAuditEntry(tx, {
      actor,
      action,
      targetType: item.targetType,
      targetId: item.targetId,
      after: { escalation_id: escalation.id },
      note: item.note,
    });
    return escalation;
  });
}
