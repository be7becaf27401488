// Mutes: a member refused SAFETY_MUTE_AFTER_REFUSALS times within SAFETY_MUTE_WINDOW_HOURS cannot
// generate for SAFETY_MUTE_HOURS, is told until when, and is flagged for review. Support can lift a
// mute at once. Mutes and lifts are entries of the safety log; refusals before the latest of them do
// not count again, so a lifted mute does not come back with the member's next refusal.
import type { AppConfig } from '../../config/env.ts';
import type { Database, DatabaseTransaction } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { lockConsoleMember } from '../../repositories/member-console.repository.ts';
import {
  clearMute,
  countRefusalsSince,
  findLatestMuteEvent,
  findMutedUntil,
  lastMuteChangeAt,
  muteMember,
  recordSafetyEvent,
} from '../../repositories/safety.repository.ts';
import { recordAuditEntry, type ConsoleActor } from '../audit/record-audit-entry.ts';
import { alreadyHandled } from '../moderation/already-handled.ts';

type MuteConfig = Pick<AppConfig, 'SAFETY_MUTE_AFTER_REFUSALS' | 'SAFETY_MUTE_WINDOW_HOURS' | 'SAFETY_MUTE_HOURS'>;

const HOUR_MS = 3600 * 1000;
const MINUTE_MS = 60 * 1000;

/** '2026-11-24 21:05 UTC': the time a member reads (mutes end on a whole minute). */
export function readableUtc(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function mutedDetail(until: Date): string {
  return `You cannot generate images until ${readableUtc(until)} because several of your prompts were refused.`;
}

/** When a mute that starts at `now` ends: SAFETY_MUTE_HOURS later, rounded up to the minute. */
export function muteEnd(config: Pick<MuteConfig, 'SAFETY_MUTE_HOURS'>, now: Date): Date {
  return new Date(Math.ceil((now.getTime() + config.SAFETY_MUTE_HOURS * HOUR_MS) / MINUTE_MS) * MINUTE_MS);
}

/** Where refusals start to count at `now`: the window, or the latest mute or lift when later. */
export async function refusalWindowStart(db: Database, config: MuteConfig, memberId: string, now: Date) {
  const windowStart = new Date(now.getTime() - config.SAFETY_MUTE_WINDOW_HOURS * HOUR_MS);
  const lastChange = await lastMuteChangeAt(db, memberId);
  return lastChange && lastChange > windowStart ? lastChange : windowStart;
}

/**
 * After a refusal was logged: mutes the member when the refusals that count reach the limit.
 * Returns the end of the mute this call started, or null.
 */
export async function muteAfterRefusal(
  deps: { db: Database; config: MuteConfig },
  memberId: string,
  refusal: { stage: string; category: string },
  now: Date,
): Promise<Date | null> {
  const { db, config } = deps;
  const since = await refusalWindowStart(db, config, memberId, now);
  if ((await countRefusalsSince(db, memberId, since)) < config.SAFETY_MUTE_AFTER_REFUSALS) return null;
  const until = muteEnd(config, now);
  if (!(await muteMember(db, memberId, until, now))) return null;
  await recordSafetyEvent(db, {
    memberId,
    prompt: '',
    matchedTerms: [],
    outcome: 'muted',
    stage: refusal.stage,
    category: refusal.category,
    rule: `mute:${config.SAFETY_MUTE_AFTER_REFUSALS}-in-${config.SAFETY_MUTE_WINDOW_HOURS}h:until:${until.toISOString()}`,
  });
  return until;
}

/**
 * What lifting a mute does inside the caller's transaction (the Safety screen's lift, the Members
 * screen's restore): the mute cleared, and a safety log entry (outcome 'mute_lifted', rule
 * 'lifted-by:<actor id>') when one was running. Answers the mute that ran, or null (none); found is
 * false for no such member.
 */
export async function applyMuteLift(tx: DatabaseTransaction, actor: ConsoleActor, memberId: string, now: Date) {
  const outcome = await clearMute(tx, memberId, now);
  if (outcome.found && outcome.lifted) {
    await recordSafetyEvent(tx, {
      memberId,
      prompt: '',
      matchedTerms: [],
      outcome: 'mute_lifted',
      // Not a decision of a stage.
      stage: '',
      category: 'moderation',
      rule: `lifted-by:${actor.id}`,
    });
  }
  return outcome;
}

/**
 * Support lifts a member's mute: the member can generate again at once. Recorded in the safety log
 * (outcome 'mute_lifted', rule 'lifted-by:<actor id>') and the audit log. Lifting a member who is not
 * muted changes nothing.
 */
export async function liftMute(db: Database, memberId: string, actor: ConsoleActor, now = new Date()) {
  const lifted = await db.$transaction(async (tx) => {
    const outcome = await applyMuteLift(tx, actor, memberId, now);
    if (!outcome.found) throw new AppError(404, 'Member not found');
    if (!outcome.lifted) return null;
    await recordAuditEntry(tx, {
      actor,
      action: 'member.unmute',
      targetType: 'member',
      targetId: memberId,
      before: { muted_until: outcome.lifted.toISOString() },
      after: { muted_until: null },
    });
    return outcome.lifted;
  });
  return { status: 'ok' as const, member_id: memberId, lifted_until: lifted?.toISOString() ?? null };
}

/**
 * What a support mute from either console screen (Moderation, Members) does inside the caller's
 * transaction: the same mute the safety checks apply (SAFETY_MUTE_HOURS), written only if the member
 * is not muted already, and its safety log entry (rule 'muted-by:<actor id>:until:<end>'). Of two
 * support people muting at once, one mutes and the other gets a 409 naming who muted (a support
 * person, or the safety checks) and when. The caller finds the member first and writes the audit row.
 */
export async function applySupportMute(
  tx: DatabaseTransaction,
  config: Pick<MuteConfig, 'SAFETY_MUTE_HOURS'>,
  actor: ConsoleActor,
  memberId: string,
  now: Date,
): Promise<Date> {
  const until = muteEnd(config, now);
  if (!(await muteMember(tx, memberId, until, now))) {
    const last = await findLatestMuteEvent(tx, memberId);
    const by = last?.rule.startsWith('muted-by:') ? last.rule.split(':')[1] : 'the safety checks';
    const running = await findMutedUntil(tx, memberId);
    throw alreadyHandled(`muted until ${running ? readableUtc(running) : 'later'}`, by, last?.createdAt ?? null);
  }
  await recordSafetyEvent(tx, {
    memberId,
    prompt: '',
    matchedTerms: [],
    outcome: 'muted',
    // Not a decision of a stage.
    stage: '',
    category: 'moderation',
    rule: `muted-by:${actor.id}:until:${until.toISOString()}`,
  });
  return until;
}

/**
 * Support mutes a member from the Moderation screen (a reported or held picture of theirs), recorded
 * in the safety log and the audit log (applySupportMute). A member muted already is a 409 naming the mute.
 */
export async function muteMemberBySupport(
  deps: { db: Database; config: MuteConfig },
  actor: ConsoleActor,
  memberId: string,
  context: { targetType: string; targetId: string; note: string | null },
  now = new Date(),
) {
  return deps.db.$transaction(async (tx) => {
    const member = await lockConsoleMember(tx, memberId);
    if (!member || member.deletedAt) throw notFound('Member');
    const until = await applySupportMute(tx, deps.config, actor, memberId, now);
    await recordAuditEntry(tx, {
      actor,
      action: 'member.mute',
      targetType: 'member',
      targetId: memberId,
      before: { muted_until: member.mutedUntil && member.mutedUntil > now ? member.mutedUntil.toISOString() : null },
      after: { muted_until: until.toISOString(), from: `${context.targetType}:${context.targetId}` },
      note: context.note,
    });
    return until;
  });
}
