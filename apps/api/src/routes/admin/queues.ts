// The support console's Queues screen (issue 15, docs/support.md "Queues"): counts, failed jobs, retry.
import {
  ZListFailedJobsRequest,
  ZListFailedJobsResponse,
  ZListQueuesResponse,
  ZQueueParams,
  ZRetryJobParams,
  ZRetryJobResponse,
} from '@velvet/contracts/admin/queues';
import { ZErrorResponse } from '@velvet/contracts/common';
import { API_PATHS } from '@velvet/contracts/routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listFailedJobs, listQueueCounts, retryFailedJob } from '../../services/queues/queue-admin.ts';
import { consoleActor } from './actor.ts';

// 400, 401 and 403 are documented from the guard and the input (plugins/external/swagger.ts).
const tags = ['admin'];

const queuesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.adminQueues,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'listQueues',
        summary: 'The background queues (generation, claims, deposits) with their job counts',
        response: { 200: ZListQueuesResponse },
      },
    },
    async () => listQueueCounts(app.services),
  );

  app.get(
    API_PATHS.adminQueueFailedJobs,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'listFailedJobs',
        summary: "A queue's failed jobs, latest failure first",
        params: ZQueueParams,
        querystring: ZListFailedJobsRequest,
        response: { 200: ZListFailedJobsResponse },
      },
    },
    async (request) => listFailedJobs(app.services, request.params.queue, request.query),
  );

  app.post(
    API_PATHS.adminQueueRetryJob,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'retryFailedJob',
        summary: 'Run a failed job again (409 when it is no longer failed)',
        params: ZRetryJobParams,
        response: { 200: ZRetryJobResponse, 404: ZErrorResponse, 409: ZErrorResponse },
      },
    },
    async (request) => retryFailedJob(app.services, consoleActor(request), request.params.queue, request.params.job_id),
  );
};

export default queuesRoutes;
