import { ZListQnaRequest, ZListQnaResponse } from '@velvet/contracts/admin/list-qna';
import { ZQnaIdParams, ZUpdateQnaRequest, ZUpdateQnaResponse } from '@velvet/contracts/admin/update-qna';
import { ZErrorResponse } from '@velvet/contracts/common';
import { API_PATHS } from '@velvet/contracts/routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSupportRequests, updateSupportRequest } from '../../services/support/support-requests.ts';

const security = [{ bearerAuth: [] }];
const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };

/** The support team's API. Every route needs an admin (403 for members, 401 without a token). */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  app.get(
    API_PATHS.adminQna,
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Support requests, newest first, filtered by option and status',
        security,
        querystring: ZListQnaRequest,
        response: { 200: ZListQnaResponse, ...errors },
      },
    },
    async (request) => listSupportRequests(db, request.query),
  );

  app.patch(
    API_PATHS.adminQnaItem,
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "Change a support request's status (and record the answer)",
        security,
        params: ZQnaIdParams,
        body: ZUpdateQnaRequest,
        response: { 200: ZUpdateQnaResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'ok' as const,
      qna: await updateSupportRequest(db, request.params.id, request.body),
    }),
  );
};

export default adminRoutes;
