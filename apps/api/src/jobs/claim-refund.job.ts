import { z } from 'zod';
import { refundClaim } from '../services/claims/claims.ts';
import { defineJob } from './job.ts';
import type { Queues } from './queues.ts';

/** Refunds a claim when its delay is over, unless support rejected it meanwhile. Idempotent. */
export const claimRefundJob = defineJob({
  name: 'claim.refund.v1',
  queue: 'images',
  payload: z.object({ claimId: z.uuid() }),
  async handle({ claimId }, { services, log }) {
    const refunded = await refundClaim(services, claimId);
    if (refunded) log.info({ claimId, coins: refunded.coins }, 'claim refunded');
  },
});

/** One delayed job per claim (job id from the claim id, so it is queued once). */
export async function enqueueClaimRefund(queues: Queues, claimId: string, delayMs: number): Promise<void> {
  await queues.images.add(claimRefundJob.name, { claimId }, { jobId: `claim-${claimId}`, delay: delayMs });
}
