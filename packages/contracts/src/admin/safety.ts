// The support team's safety desk (admin bearer; docs/safety.md):
// - GET  /api/admin/safety/mutes                      members muted from generating
// - POST /api/admin/safety/mutes/:member_id/lift      lift a mute (recorded in the safety log)
// - GET  /api/admin/safety/log                        the safety log, newest first (keyset paging)
// - GET  /api/admin/safety/holds                      pictures withheld by the picture check
// - GET  /api/admin/safety/holds/:id/picture          a pending hold's quarantined picture (WebP)
// - POST /api/admin/safety/holds/:id                  { decision: 'remove' | 'release' }: one decision wins
// - GET  /api/admin/safety/escalations                records kept for a report to the authorities
// - POST /api/admin/safety/escalations/:id/report     { report_ref }: the report was filed
import { z } from 'zod';
import { zNonBlank, zOneOf, zQuery, zQueryPage, zText } from '../common.ts';

/** Where a decision was made (the API's SafetyStage). */
export const SAFETY_STAGES = ['input', 'lexicon', 'classifier', 'picture'] as const;
/** What a safety log entry records. */
export const SAFETY_OUTCOMES = ['refused', 'held', 'muted', 'mute_lifted'] as const;
export const SAFETY_HOLD_STATUSES = ['pending', 'released', 'removed'] as const;
export const SAFETY_HOLD_DECISIONS = ['remove', 'release'] as const;

const zMemberId = (field: string) => zNonBlank(field, 320);
const zUuid = (field: string, what: string) => z.uuid({ error: `${field} must be ${what}` });

// --- Mutes ---

export const ZListMutedMembersRequest = z.object({
  page: zQueryPage('page', 100_000, 1),
  limit: zQueryPage('limit', 100, 20),
});
export type TListMutedMembersRequestParsed = z.output<typeof ZListMutedMembersRequest>;

export const ZMutedMember = z.object({
  id: z.string(),
  /** The sign-in email (today the member id itself). */
  email: z.string(),
  nickname: z.string().nullable(),
  muted_until: z.string(),
  /** Refusals within the mute window (SAFETY_MUTE_WINDOW_HOURS) up to now. */
  refusals_in_window: z.number().int().nonnegative(),
});
export type TMutedMember = z.infer<typeof ZMutedMember>;

export const ZListMutedMembersResponse = z.object({
  list: z.array(ZMutedMember),
  total_count: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
});
export type TListMutedMembersResponse = z.infer<typeof ZListMutedMembersResponse>;

export const ZLiftMuteParams = z.object({ member_id: zMemberId('member_id') });
export const ZLiftMuteResponse = z.object({
  status: z.literal('ok'),
  member_id: z.string(),
  /** The mute that was lifted (null: the member was not muted; nothing changed). */
  lifted_until: z.string().nullable(),
});
export type TLiftMuteResponse = z.infer<typeof ZLiftMuteResponse>;

// --- The safety log ---

export const ZListSafetyLogRequest = z.object({
  limit: zQueryPage('limit', 200, 50),
  /** The `next_cursor` of the previous page. */
  cursor: zQuery(zUuid('cursor', 'the next_cursor of a previous page').optional()),
  member_id: zQuery(zMemberId('member_id').optional()),
  stage: zQuery(zOneOf('stage', SAFETY_STAGES).optional()),
  outcome: zQuery(zOneOf('outcome', SAFETY_OUTCOMES).optional()),
});
export type TListSafetyLogRequest = z.input<typeof ZListSafetyLogRequest>;
export type TListSafetyLogRequestParsed = z.output<typeof ZListSafetyLogRequest>;

export const ZSafetyLogEntry = z.object({
  id: z.string(),
  member_id: z.string().nullable(),
  prompt: z.string(),
  /** What matched (normalised words, classifier categories, ages): for reviewers only. */
  matched_terms: z.array(z.string()),
  outcome: z.string(),
  stage: z.string(),
  category: z.string(),
  rule: z.string(),
  image_id: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type TSafetyLogEntry = z.infer<typeof ZSafetyLogEntry>;

export const ZListSafetyLogResponse = z.object({
  list: z.array(ZSafetyLogEntry),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type TListSafetyLogResponse = z.infer<typeof ZListSafetyLogResponse>;

// --- Picture holds ---

export const ZListSafetyHoldsRequest = z.object({
  page: zQueryPage('page', 100_000, 1),
  limit: zQueryPage('limit', 100, 20),
  /** Default: pending (the review queue), oldest first; decided holds newest first. */
  status: zQuery(zOneOf('status', SAFETY_HOLD_STATUSES).default('pending')),
});
export type TListSafetyHoldsRequestParsed = z.output<typeof ZListSafetyHoldsRequest>;

export const ZSafetyHold = z.object({
  id: z.string(),
  image_id: z.string(),
  member_id: z.string(),
  /** Youngest estimated age among the faces found. */
  min_age: z.number().int(),
  faces: z.number().int().nonnegative(),
  checker: z.string(),
  prompt: z.string(),
  status: z.enum(SAFETY_HOLD_STATUSES),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type TSafetyHold = z.infer<typeof ZSafetyHold>;

export const ZListSafetyHoldsResponse = z.object({
  list: z.array(ZSafetyHold),
  total_count: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
});
export type TListSafetyHoldsResponse = z.infer<typeof ZListSafetyHoldsResponse>;

export const ZSafetyHoldParams = z.object({ id: zUuid('id', 'a hold id') });
export const ZDecideSafetyHoldRequest = z.object({ decision: zOneOf('decision', SAFETY_HOLD_DECISIONS) });
export type TDecideSafetyHoldRequest = z.input<typeof ZDecideSafetyHoldRequest>;
export const ZDecideSafetyHoldResponse = z.object({ status: z.literal('ok'), hold: ZSafetyHold });
export type TDecideSafetyHoldResponse = z.infer<typeof ZDecideSafetyHoldResponse>;

// --- Escalations ---

export const ZListEscalationsRequest = z.object({
  page: zQueryPage('page', 100_000, 1),
  limit: zQueryPage('limit', 100, 20),
  reported: zQuery(
    zOneOf('reported', ['true', 'false'] as const)
      .transform((v) => v === 'true')
      .optional(),
  ),
});
export type TListEscalationsRequest = z.input<typeof ZListEscalationsRequest>;
export type TListEscalationsRequestParsed = z.output<typeof ZListEscalationsRequest>;

/** One safety log entry copied into an escalation record. */
export const ZEscalationPrompt = z.object({
  prompt: z.string(),
  outcome: z.string(),
  stage: z.string(),
  rule: z.string(),
  time: z.string(),
  ip: z.string().nullable(),
});
export type TEscalationPrompt = z.infer<typeof ZEscalationPrompt>;

export const ZEscalation = z.object({
  id: z.string(),
  /** The anonymised id once the account is deleted; the email stays for the report. */
  member_id: z.string().nullable(),
  member_email: z.string(),
  /** The member's safety log entries of the 30 days before, oldest first, this attempt last. */
  prompts: z.array(ZEscalationPrompt),
  ip: z.string().nullable(),
  stage: z.string(),
  rule: z.string(),
  created_at: z.string(),
  retain_until: z.string(),
  reported_at: z.string().nullable(),
  report_ref: z.string().nullable(),
});
export type TEscalation = z.infer<typeof ZEscalation>;

export const ZListEscalationsResponse = z.object({
  list: z.array(ZEscalation),
  total_count: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
});
export type TListEscalationsResponse = z.infer<typeof ZListEscalationsResponse>;

export const ZEscalationParams = z.object({ id: zUuid('id', 'an escalation id') });
export const ZReportEscalationRequest = z.object({
  /** The authority's reference (e.g. the CyberTipline report number). */
  report_ref: zText('report_ref')
    .trim()
    .min(1, { error: 'report_ref must not be blank' })
    .max(200, { error: 'report_ref must be at most 200 characters' }),
});
export type TReportEscalationRequest = z.input<typeof ZReportEscalationRequest>;
export const ZReportEscalationResponse = z.object({ status: z.literal('ok'), escalation: ZEscalation });
export type TReportEscalationResponse = z.infer<typeof ZReportEscalationResponse>;
