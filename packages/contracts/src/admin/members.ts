// The support console's Members area (issue 15, docs/support.md "Members"): search, a profile with
// the ledger history, a coin adjustment through the ledger, mute, suspend, restore, role change
// (admin only). Every action needs a reason and is written to the audit log.
import { z } from 'zod';
import { zNonBlank, zOneOf, zQuery, zText } from '../common.ts';
import { ZConsolePageQuery, zConsolePage } from './paging.ts';
import { MEMBER_ROLES, ZMemberRole } from './roles.ts';

/** Reasons are mandatory on every member action: at least this long after trimming. */
export const CONSOLE_REASON_MIN = 5;
export const CONSOLE_REASON_MAX = 500;

export function zConsoleReason(field = 'reason') {
  return zText(field)
    .trim()
    .min(CONSOLE_REASON_MIN, { error: `${field} must be at least ${CONSOLE_REASON_MIN} characters` })
    .max(CONSOLE_REASON_MAX, { error: `${field} must be at most ${CONSOLE_REASON_MAX} characters` });
}

/** The largest single adjustment (either way): a typo of a few zeros is refused. */
export const MAX_COIN_ADJUSTMENT = 1_000_000;

export const ZMemberIdParams = z.object({
  member_id: zText('member_id')
    .min(1, { error: 'member_id is required' })
    .max(320, { error: 'member_id must be at most 320 characters' }),
});
export type TMemberIdParams = z.infer<typeof ZMemberIdParams>;

// --- GET /api/admin/members ---

export const ZSearchMembersRequest = ZConsolePageQuery.extend({
  /** Start of an email or a nickname, any case; empty lists every member, newest first. */
  q: zQuery(zText('q').trim().max(100, { error: 'q must be at most 100 characters' }).optional()),
});
export type TSearchMembersRequest = z.input<typeof ZSearchMembersRequest>;

export const ZConsoleMemberRow = z.object({
  member_id: z.string(),
  email: z.string(),
  nicname: z.string(),
  role: z.enum(MEMBER_ROLES),
  /** free | level1 | level2 | level3 */
  member_kind: z.string(),
  cur_tokens: z.number().int(),
  created_at: z.string(),
  email_verified: z.boolean(),
  /** ISO time the mute ends, when muted now. */
  muted_until: z.string().nullable(),
  suspended_at: z.string().nullable(),
});
export type TConsoleMemberRow = z.infer<typeof ZConsoleMemberRow>;

export const ZSearchMembersResponse = zConsolePage(ZConsoleMemberRow);
export type TSearchMembersResponse = z.infer<typeof ZSearchMembersResponse>;

// --- The member's context (profile, and the side card of the inbox and moderation screens) ---

export const ZConsoleRunSummary = z.object({
  run_id: z.string(),
  prompt: z.string(),
  status: z.string(),
  images: z.number().int(),
  cost: z.number().int(),
  created_at: z.string(),
});
export const ZConsolePaymentSummary = z.object({
  id: z.string(),
  /** 'card:stripe' or 'crypto:BTC'... */
  channel: z.string(),
  kind: z.string(),
  status: z.string(),
  amount_cents: z.number().int(),
  coins: z.number().int(),
  created_at: z.string(),
});
export const ZConsoleClaimSummary = z.object({
  id: z.string(),
  image_id: z.string(),
  status: z.string(),
  coins: z.number().int(),
  created_at: z.string(),
});

export const ZConsoleMemberContext = ZConsoleMemberRow.extend({
  membership_expires_at: z.string().nullable(),
  flagged: z.boolean(),
  suspended_reason: z.string().nullable(),
  deleted: z.boolean(),
  recent_generations: z.array(ZConsoleRunSummary),
  payments: z.array(ZConsolePaymentSummary),
  claims: z.array(ZConsoleClaimSummary),
});
export type TConsoleMemberContext = z.infer<typeof ZConsoleMemberContext>;

// --- GET /api/admin/members/:member_id ---

export const ZGetConsoleMemberResponse = z.object({ status: z.literal('ok'), member: ZConsoleMemberContext });
export type TGetConsoleMemberResponse = z.infer<typeof ZGetConsoleMemberResponse>;

// --- GET /api/admin/members/:member_id/ledger ---

export const ZListMemberLedgerRequest = ZConsolePageQuery;
export const ZConsoleLedgerRow = z.object({
  id: z.string(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  reason: z.string(),
  reference: z.string().nullable(),
  created_at: z.string(),
});
export type TConsoleLedgerRow = z.infer<typeof ZConsoleLedgerRow>;
export const ZListMemberLedgerResponse = zConsolePage(ZConsoleLedgerRow);
export type TListMemberLedgerResponse = z.infer<typeof ZListMemberLedgerResponse>;

// --- POST /api/admin/members/:member_id/coins ---

export const ZAdjustCoinsRequest = z.object({
  /** Coins to add (positive) or take (negative); never zero, never below a zero balance. */
  delta: z
    .number({ error: 'delta must be a whole number' })
    .int({ error: 'delta must be a whole number' })
    .refine((value) => value !== 0, { error: 'delta must not be zero' })
    .refine((value) => Math.abs(value) <= MAX_COIN_ADJUSTMENT, {
      error: `delta must be at most ${MAX_COIN_ADJUSTMENT} either way`,
    }),
  reason: zConsoleReason(),
  /** Chosen by the client once per adjustment form: a repeated submit posts once. */
  request_id: zNonBlank('request_id', 100),
});
export type TAdjustCoinsRequest = z.input<typeof ZAdjustCoinsRequest>;

export const ZAdjustCoinsResponse = z.object({
  status: z.literal('ok'),
  /** False when this request_id had already posted (nothing changed this time). */
  posted: z.boolean(),
  cur_tokens: z.number().int(),
  entry_id: z.string(),
});
export type TAdjustCoinsResponse = z.infer<typeof ZAdjustCoinsResponse>;

// --- POST .../mute, .../suspend, .../restore, PUT .../role ---

export const ZMemberActionRequest = z.object({ reason: zConsoleReason() });
export type TMemberActionRequest = z.input<typeof ZMemberActionRequest>;

export const ZChangeRoleRequest = z.object({ role: ZMemberRole, reason: zConsoleReason() });
export type TChangeRoleRequest = z.input<typeof ZChangeRoleRequest>;

export const ZMemberActionResponse = z.object({ status: z.literal('ok'), member: ZConsoleMemberContext });
export type TMemberActionResponse = z.infer<typeof ZMemberActionResponse>;

export const MEMBER_ACTIONS = ['mute', 'suspend', 'restore'] as const;
export const ZMemberAction = zOneOf('action', MEMBER_ACTIONS);
