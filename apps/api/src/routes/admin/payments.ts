// The support console's card payments (issue 15, docs/support.md "Deposits and payments"): read-only,
// refunds and disputes arrive from the processor (docs/payments.md).
import { ZListPaymentsRequest, ZListPaymentsResponse } from '@velvet/contracts/admin/payments';
import { API_PATHS } from '@velvet/contracts/routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listCardPaymentsForSupport } from '../../services/payments/list-card-payments.ts';

// 400, 401 and 403 are documented from the guard and the input (plugins/external/swagger.ts).
const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.adminPayments,
    {
      onRequest: app.requireSupport,
      schema: {
        tags: ['admin'],
        operationId: 'listCardPayments',
        summary: 'Card payments newest first, by status, kind, refunds and disputes, or member email',
        querystring: ZListPaymentsRequest,
        response: { 200: ZListPaymentsResponse },
      },
    },
    async (request) => listCardPaymentsForSupport(app.services.db, request.query),
  );
};

export default paymentsRoutes;
