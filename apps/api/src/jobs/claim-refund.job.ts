import { z } from 'zod';
import { defineJob } from './job.ts';

/**
 * Refunds a claim when its delay is over, unless support rejected it meanwhile. One delayed job per
 * claim (job id from the claim id, so it is queued once); queued with `{ delay }`.
 */
export const claimRefundJob = defineJob({
  name: 'claim.refund.v1',
  queue: 'images',
  payload: z.object({ claimId: z.uuid() }),
  jobId: ({ claimId }) => `claim-${claimId}`,
});
