// The support team's view of refund claims (admin bearer): GET /api/admin/claims (newest first, by
// status) and POST /api/admin/claims/:id with { decision: 'approve' | 'reject' }. Approving refunds at
// once; a pending claim nobody rejects is refunded by its delayed job within the promised 24 hours.
import { z } from 'zod';
import { zOneOf, zQuery, zQueryPage } from '../common.ts';

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
export const ZDecideClaimRequest = z.object({ decision: zOneOf('decision', ['approve', 'reject'] as const) });
export type TDecideClaimRequest = z.input<typeof ZDecideClaimRequest>;
export const ZDecideClaimResponse = z.object({ status: z.literal('ok'), claim: ZClaimItem });
export type TDecideClaimResponse = z.infer<typeof ZDecideClaimResponse>;
