// The support team's safety desk: muted members, the safety log and escalation records (docs/safety.md).
// Picture holds are decided in review-hold.ts; lifting a mute is in mute-member.ts.
import type {
  TEscalation,
  TEscalationPrompt,
  TListEscalationsRequestParsed,
  TListEscalationsResponse,
  TListMutedMembersRequestParsed,
  TListMutedMembersResponse,
  TListSafetyLogRequestParsed,
  TListSafetyLogResponse,
} from '@velvet/contracts/admin/safety';
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import {
  countRefusalsByMember,
  findEscalation,
  listEscalations,
  listMutedMembers,
  listSafetyEvents,
  markEscalationReported,
} from '../../repositories/safety.repository.ts';
import { recordAuditEntry, type ConsoleActor } from '../audit/record-audit-entry.ts';
import { alreadyHandled } from '../moderation/already-handled.ts';

const HOUR_MS = 3600 * 1000;

/** Members muted now, soonest end first, with their refusals within the mute window. */
export async function listMutedMembersForSupport(
  deps: { db: Database; config: Pick<AppConfig, 'SAFETY_MUTE_WINDOW_HOURS'> },
  query: TListMutedMembersRequestParsed,
  now = new Date(),
): Promise<TListMutedMembersResponse> {
  const { rows, total } = await listMutedMembers(deps.db, now, (query.page - 1) * query.limit, query.limit);
  const since = new Date(now.getTime() - deps.config.SAFETY_MUTE_WINDOW_HOURS * HOUR_MS);
  const refusals = await countRefusalsByMember(
    deps.db,
    rows.map((r) => r.id),
    since,
  );
  return {
    list: rows.map((member) => ({
      id: member.id,
      // Member ids are the sign-in email.
      email: member.id,
      nickname: member.nickname,
      muted_until: member.mutedUntil!.toISOString(),
      refusals_in_window: refusals.get(member.id) ?? 0,
    })),
    total_count: total,
    page: query.page,
    limit: query.limit,
  };
}

/** The safety log, newest first; `next_cursor` continues with older entries. */
export async function listSafetyLog(db: Database, query: TListSafetyLogRequestParsed): Promise<TListSafetyLogResponse> {
  const rows = await listSafetyEvents(
    db,
    { memberId: query.member_id, stage: query.stage, outcome: query.outcome },
    query.cursor,
    query.limit + 1,
  );
  const page = rows.slice(0, query.limit);
  return {
    list: page.map((event) => ({
      id: event.id,
      member_id: event.memberId,
      prompt: event.prompt,
      matched_terms: event.matchedTerms,
      outcome: event.outcome,
      stage: event.stage,
      category: event.category,
      rule: event.rule,
      image_id: event.imageId,
      ip: event.ip,
      created_at: event.createdAt.toISOString(),
    })),
    next_cursor: rows.length > query.limit ? page.at(-1)!.id : null,
  };
}

type EscalationRecord = NonNullable<Awaited<ReturnType<typeof findEscalation>>>;

function toEscalation(record: EscalationRecord): TEscalation {
  return {
    id: record.id,
    member_id: record.memberId,
    member_email: record.memberEmail,
    prompts: record.prompts as TEscalationPrompt[],
    ip: record.ip,
    stage: record.stage,
    rule: record.rule,
    created_at: record.createdAt.toISOString(),
    retain_until: record.retainUntil.toISOString(),
    reported_at: record.reportedAt?.toISOString() ?? null,
    report_ref: record.reportRef,
  };
}

export async function listEscalationsForSupport(
  db: Database,
  query: TListEscalationsRequestParsed,
): Promise<TListEscalationsResponse> {
  const { rows, total } = await listEscalations(db, query.reported, (query.page - 1) * query.limit, query.limit);
  return { list: rows.map(toEscalation), total_count: total, page: query.page, limit: query.limit };
}

/** Support filed the report: its reference and time are kept once (audited); a second report is a 409. */
export async function reportEscalation(
  db: Database,
  actor: ConsoleActor,
  id: string,
  reportRef: string,
  now = new Date(),
) {
  await db.$transaction(async (tx) => {
    if (!(await markEscalationReported(tx, id, reportRef, now))) {
      const existing = await findEscalation(tx, id);
      if (!existing) throw notFound('Escalation');
      throw alreadyHandled(`reported as ${existing.reportRef ?? 'filed'}`, null, existing.reportedAt);
    }
    await recordAuditEntry(tx, {
      actor,
      action: 'escalation.report',
      targetType: 'escalation',
      targetId: id,
      after: { report_ref: reportRef },
    });
  });
  return { status: 'ok' as const, escalation: toEscalation((await findEscalation(db, id))!) };
}
