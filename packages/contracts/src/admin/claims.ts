// The support team's view of refund claims (support bearer): GET /api/admin/claims (newest first, by
// status) and POST /api/admin/claims/:id with { decision: 'approve' | 'reject', reason }. Approving refunds
// at once; a pending claim nobody rejects is refunded by its delayed job (the automatic refund).
// The console's Claims screen (issue 15) uses the keyset-paged queue and the approve/reject routes below.
import { z } from 'zod';
import { zCount, zNonBlank, zOneOf, zQuery, zQueryPage } from '../common.ts';
import { ZConsolePageQuery, zConsolePage } from './paging.ts';

export const CLAIM_STATUSES = ['pending', 'approved', 'rejected', 'refunded'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const ZListClaimsRequest = z.object({
  page: zQueryPage('page', 100_000, 1),
  limit: zQueryPage('limit', 100, 20),
  status: zQuery(zOneOf('status', CLAIM_STATUSES).optional()),
});
export type TListClaimsRequest = z.input<typeof ZListClaimsRequest>;
export type TListClaimsRequestParsed = z.output<typeof ZListClaimsRequest>;

export const ZClaimItem = z.object({
  id: z.string(),
  image_id: z.string(),
  member_id: z.string().nullable(),
  status: z.enum(CLAIM_STATUSES),
  coins: z.number().int().nonnegative(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
});
export type TClaimItem = z.infer<typeof ZClaimItem>;

export const ZListClaimsResponse = z.object({
  list: z.array(ZClaimItem),
  total_count: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
});
export type TListClaimsResponse = z.infer<typeof ZListClaimsResponse>;

export const ZDecideClaimParams = z.object({ id: z.uuid({ error: 'id must be a claim id' }) });
/** Why a claim is rejected: mandatory, stored and shown to the member. */
export const CLAIM_REJECT_REASON_MAX = 500;
const zRejectReason = () => zNonBlank('reason', CLAIM_REJECT_REASON_MAX);

export const ZDecideClaimRequest = z
  .object({
    decision: zOneOf('decision', ['approve', 'reject'] as const),
    reason: zRejectReason().optional(),
  })
  .refine((body) => body.decision !== 'reject' || body.reason !== undefined, {
    error: 'reason is required to reject a claim',
    path: ['reason'],
  });
export type TDecideClaimRequest = z.input<typeof ZDecideClaimRequest>;
export const ZDecideClaimResponse = z.object({ status: z.literal('ok'), claim: ZClaimItem });
export type TDecideClaimResponse = z.infer<typeof ZDecideClaimResponse>;

// --- The console's Claims screen ---

/** pending: the queue, oldest first (the automatic refund fires first there); any other: newest first. */
export const ZClaimQueueRequest = ZConsolePageQuery.extend({
  status: zQuery(zOneOf('status', CLAIM_STATUSES).default('pending')),
});
export type TClaimQueueRequest = z.input<typeof ZClaimQueueRequest>;
export type TClaimQueueRequestParsed = z.output<typeof ZClaimQueueRequest>;

export const ZConsoleClaim = z.object({
  id: z.string(),
  image_id: z.string(),
  /** The claimed image's thumbnail for support (bearer): never public, the claimed image is unpublished. */
  image_url: z.string(),
  prompt: z.string(),
  /** The member's email, or null once the account is deleted. */
  member_id: z.string().nullable(),
  nickname: z.string().nullable(),
  /** The member's balance now (after the decision when one was just made). */
  member_balance: zCount('member_balance').nullable(),
  coins: zCount('coins'),
  status: z.enum(CLAIM_STATUSES),
  created_at: z.string(),
  /** When the automatic refund fires while the claim is pending (null once decided). */
  auto_refund_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** Who approved or rejected it; null when the automatic refund paid it. */
  decided_by: z.string().nullable(),
  reject_reason: z.string().nullable(),
  refunded_at: z.string().nullable(),
});
export type TConsoleClaim = z.infer<typeof ZConsoleClaim>;

export const ZClaimQueueResponse = zConsolePage(ZConsoleClaim);
export type TClaimQueueResponse = z.infer<typeof ZClaimQueueResponse>;

export const ZClaimIdParams = ZDecideClaimParams;
export type TClaimIdParams = z.infer<typeof ZClaimIdParams>;

export const ZRejectClaimRequest = z.object({ reason: zRejectReason() });
export type TRejectClaimRequest = z.input<typeof ZRejectClaimRequest>;

export const ZConsoleClaimResponse = z.object({ status: z.literal('ok'), claim: ZConsoleClaim });
export type TConsoleClaimResponse = z.infer<typeof ZConsoleClaimResponse>;
