import { refundClaim } from '../services/claims/claims.ts';
import { claimRefundJob } from './claim-refund.job.ts';
import { defineJobHandler } from './job-handler.ts';

/** Idempotent: a claim already refunded or rejected is left alone. */
export const claimRefundHandler = defineJobHandler(claimRefundJob, {
  async handle({ claimId }, { services, log }) {
    const refunded = await refundClaim(services, claimId);
    if (refunded) log.info({ claimId, coins: refunded.coins }, 'claim refunded');
  },
});
