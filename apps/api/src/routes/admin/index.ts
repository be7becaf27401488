// The support console's API (issue 15, docs/support.md): one file per area under routes/admin/,
// each a plugin registered here. Every route is guarded by app.requireSupport (support or admin)
// or, for grants and role changes, app.requireAdmin; members get 403, guests 401.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import auditRoutes from './audit.ts';
import claimsRoutes from './claims.ts';
import depositsRoutes from './deposits.ts';
import inboxRoutes from './inbox.ts';
import membersRoutes from './members.ts';
import moderationRoutes from './moderation.ts';
import paymentsRoutes from './payments.ts';
import queuesRoutes from './queues.ts';
import safetyRoutes from './safety.ts';

/** Registered once in app.ts. */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(inboxRoutes);
  await app.register(claimsRoutes);
  await app.register(moderationRoutes);
  await app.register(safetyRoutes);
  await app.register(depositsRoutes);
  await app.register(paymentsRoutes);
  await app.register(queuesRoutes);
  await app.register(membersRoutes);
  await app.register(auditRoutes);
};

export default adminRoutes;
