// The support console's Audit log (issue 15, docs/support.md "Audit log"): every console action,
// newest first, read-only; filters by actor, action, target and date range; keyset paged.
import { z } from 'zod';
import { zQuery, zText } from '../common.ts';
import { ZConsolePageQuery, zConsolePage } from './paging.ts';

export const AUDIT_TARGET_TYPES = [
  'qna',
  'claim',
  'image',
  'report',
  'hold',
  'escalation',
  'deposit',
  'payment',
  'member',
  'job',
] as const;
export type TAuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

const zFilterText = (field: string, max: number) =>
  zQuery(
    zText(field)
      .trim()
      .max(max, { error: `${field} must be at most ${max} characters` })
      .optional(),
  );

/** A date (YYYY-MM-DD) or an ISO time; Date's own parser alone takes almost anything. */
const DATE_FILTER = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

const zDateFilter = (field: string) =>
  zQuery(
    zText(field)
      .refine((value) => DATE_FILTER.test(value) && !Number.isNaN(new Date(value).getTime()), {
        error: `${field} must be a date (YYYY-MM-DD or ISO time)`,
      })
      .optional(),
  );

export const ZListAuditRequest = ZConsolePageQuery.extend({
  /** The acting member id (email), exact. */
  actor: zFilterText('actor', 320),
  /** A dotted action ('member.adjust_coins'), exact. */
  action: zFilterText('action', 64),
  target_type: zQuery(
    z.enum(AUDIT_TARGET_TYPES, { error: `target_type must be one of ${AUDIT_TARGET_TYPES.join(', ')}` }).optional(),
  ),
  target_id: zFilterText('target_id', 320),
  /** From this instant (a date means its start, UTC), inclusive. */
  from: zDateFilter('from'),
  /** Up to this instant (a date means the end of that day, UTC), exclusive. */
  to: zDateFilter('to'),
});
export type TListAuditRequest = z.input<typeof ZListAuditRequest>;

export const ZAuditEntry = z.object({
  id: z.string(),
  actor_id: z.string(),
  actor_role: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  /** The fields the action changed, as they were and as they became (a value that is not an object: { value }). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZListAuditResponse = zConsolePage(ZAuditEntry);
export type TListAuditResponse = z.infer<typeof ZListAuditResponse>;
