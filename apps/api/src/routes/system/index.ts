import { ZGetHealthResponse } from '@velvet/contracts/system/get-health';
import { ZGetReadyResponse } from '@velvet/contracts/system/get-ready';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkReadiness } from '../../services/system/check-readiness.ts';

const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['system'],
        operationId: 'getHealth',
        summary: 'Liveness: the process answers',
        response: { 200: ZGetHealthResponse },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['system'],
        operationId: 'getReadiness',
        summary: 'Readiness: PostgreSQL and Redis answer',
        response: { 200: ZGetReadyResponse, 503: ZGetReadyResponse },
      },
    },
    async (_request, reply) => {
      const readiness = await checkReadiness(app.services);
      return reply.code(readiness.status === 'ok' ? 200 : 503).send(readiness);
    },
  );
};

export default systemRoutes;
