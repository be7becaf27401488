import { z } from 'zod';
import { defineJob } from './job.ts';

/** Every 10 minutes: paid memberships past their end return to Free. */
export const expireMembershipsJob = defineJob({
  name: 'memberships.expire.v1',
  queue: 'images',
  payload: z.object({}).passthrough(),
  repeatEveryMs: 600_000,
});
