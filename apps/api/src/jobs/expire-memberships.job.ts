import { z } from 'zod';
import { expireMemberships } from '../services/payments/expire-memberships.ts';
import { defineJob } from './job.ts';

/** Every 10 minutes: paid memberships past their end return to Free. */
export const expireMembershipsJob = defineJob({
  name: 'memberships.expire.v1',
  queue: 'images',
  payload: z.object({}).passthrough(),
  repeatEveryMs: 600_000,
  async handle(_payload, { services, log }) {
    const changed = await expireMemberships(services.db);
    if (changed > 0) log.info({ changed }, 'memberships expired');
  },
});
