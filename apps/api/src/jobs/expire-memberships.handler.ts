import { expireMemberships } from '../services/payments/expire-memberships.ts';
import { expireMembershipsJob } from './expire-memberships.job.ts';
import { defineJobHandler } from './job-handler.ts';

export const expireMembershipsHandler = defineJobHandler(expireMembershipsJob, {
  async handle(_payload, { services, log }) {
    const changed = await expireMemberships(services.db);
    if (changed > 0) log.info({ changed }, 'memberships expired');
  },
});
