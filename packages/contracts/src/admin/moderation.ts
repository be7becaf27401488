// The support console's Moderation screen (issue 15; support or admin bearer): one queue of what needs
// a decision, reported images (open reports grouped per image) and pictures the picture check held.
// - GET  /api/admin/moderation?kind=&cursor=&limit=          the queue, oldest first (keyset paging)
// - GET  /api/admin/moderation/reports/:image_id             a reported image with the member's history
// - GET  /api/admin/moderation/reports/:image_id/picture     its stored picture (WebP), reviewers only
// - POST /api/admin/moderation/reports/:image_id             { decision, note? }
// - GET  /api/admin/moderation/holds/:id                     a held picture with the member's history
//   (its picture: GET /api/admin/safety/holds/:id/picture)
// - POST /api/admin/moderation/holds/:id                     { decision, note? }
// approve: dismiss the reports / release the hold; remove: unpublish for good / delete every stored copy
// of the held picture; mute: the owner cannot generate for SAFETY_MUTE_HOURS; escalate: keep a record
// for the authorities (docs/safety.md). A decision already taken by someone else is a 409 naming them.
import { z } from 'zod';
import { ZImageIdParams, zOneOf, zQuery, zText } from '../common.ts';
import { REPORT_REASON_VALUES } from '../images/report-image.ts';
import { ZConsolePageQuery, zConsolePage } from './paging.ts';

export const MODERATION_KINDS = ['report', 'hold'] as const;
export type TModerationKind = (typeof MODERATION_KINDS)[number];
export const MODERATION_DECISIONS = ['approve', 'remove', 'mute', 'escalate'] as const;
export type TModerationDecision = (typeof MODERATION_DECISIONS)[number];

export const ZListModerationRequest = ZConsolePageQuery.extend({
  kind: zQuery(zOneOf('kind', MODERATION_KINDS).optional()),
});
export type TListModerationRequest = z.input<typeof ZListModerationRequest>;
export type TListModerationRequestParsed = z.output<typeof ZListModerationRequest>;

export const ZModerationItem = z.object({
  kind: z.enum(MODERATION_KINDS),
  /** The image id of a report, the hold id of a hold: what the detail and decision paths take. */
  id: z.string(),
  image_id: z.string(),
  /** The image's owner (the member id, their sign-in email). */
  member_id: z.string(),
  prompt: z.string(),
  /** The oldest open report, or when the picture was held: the queue's order. */
  waiting_since: z.string(),
  /** Open reports of the image (0 for a hold). */
  report_count: z.number().int().nonnegative(),
  /** The open reports' reasons, most frequent first. */
  reasons: z.array(z.enum(REPORT_REASON_VALUES)),
  /** Hidden from Explore until decided (reports past the threshold, or always for a hold). */
  hidden: z.boolean(),
  /** A hold's youngest estimated age (null for a report). */
  min_age: z.number().int().nullable(),
  /** The admin route serving the picture (send the bearer token); null when no copy is stored. */
  picture_path: z.string().nullable(),
});
export type TModerationItem = z.infer<typeof ZModerationItem>;

export const ZListModerationResponse = zConsolePage(ZModerationItem);
export type TListModerationResponse = z.infer<typeof ZListModerationResponse>;

export const ZModerationHistory = z.object({
  member: z.object({
    id: z.string(),
    nickname: z.string().nullable(),
    coin_balance: z.number().int(),
    muted_until: z.string().nullable(),
    created_at: z.string(),
  }),
  /** The member's latest generations (newest first). */
  recent_generations: z.array(
    z.object({
      image_id: z.string(),
      prompt: z.string(),
      status: z.string(),
      is_open: z.boolean(),
      created_at: z.string(),
    }),
  ),
  /** Reports against the member's images, newest first (this item's included). */
  reports: z.array(
    z.object({
      image_id: z.string(),
      reason: z.string(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
  /** Pictures of the member the picture check held, newest first. */
  holds: z.array(z.object({ id: z.string(), image_id: z.string(), status: z.string(), created_at: z.string() })),
  /** Mutes, lifts and refusals from the safety log, newest first. */
  safety_events: z.array(
    z.object({ outcome: z.string(), stage: z.string(), rule: z.string(), created_at: z.string() }),
  ),
});
export type TModerationHistory = z.infer<typeof ZModerationHistory>;

export const ZModerationDetailResponse = z.object({
  status: z.literal('ok'),
  item: ZModerationItem,
  /** 'open' | 'upheld' | 'dismissed' for a report, 'pending' | 'released' | 'removed' for a hold. */
  state: z.string(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  history: ZModerationHistory,
});
export type TModerationDetailResponse = z.infer<typeof ZModerationDetailResponse>;

export const ZModerationReportParams = ZImageIdParams;
export const ZModerationHoldParams = z.object({ id: z.uuid({ error: 'id must be a hold id' }) });

export const ZDecideModerationRequest = z.object({
  decision: zOneOf('decision', MODERATION_DECISIONS),
  /** Why (optional): kept in the audit log. */
  note: zQuery(zText('note').trim().max(1000, { error: 'note must be at most 1000 characters' }).optional()),
});
export type TDecideModerationRequest = z.input<typeof ZDecideModerationRequest>;

export const ZDecideModerationResponse = z.object({
  status: z.literal('ok'),
  decision: z.enum(MODERATION_DECISIONS),
  /** What happened, in words support reads (e.g. the picture and its thumbnail were deleted). */
  message: z.string(),
  /** Stored files deleted by this decision (remove of a hold: every copy of the picture). */
  deleted_files: z.number().int().nonnegative(),
});
export type TDecideModerationResponse = z.infer<typeof ZDecideModerationResponse>;
