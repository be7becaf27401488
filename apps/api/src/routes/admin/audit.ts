// The support console's Audit log (issue 15, docs/support.md "Audit log"): read-only.
import { ZListAuditRequest, ZListAuditResponse } from '@velvet/contracts/admin/audit';
import { API_PATHS } from '@velvet/contracts/routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAuditLog } from '../../services/audit/list-audit-entries.ts';

// 400, 401 and 403 are documented from the guard and the input (plugins/external/swagger.ts).
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  app.get(
    API_PATHS.adminAudit,
    {
      onRequest: app.requireSupport,
      schema: {
        tags: ['admin'],
        operationId: 'listAuditLog',
        summary: 'Console actions, newest first, by actor, action, target and date range, keyset paged',
        querystring: ZListAuditRequest,
        response: { 200: ZListAuditResponse },
      },
    },
    async (request) => listAuditLog(db, request.query),
  );
};

export default auditRoutes;
