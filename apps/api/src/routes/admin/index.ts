import { ZListQnaRequest, ZListQnaResponse } from '@velvet/contracts/admin/list-qna';
import { ZQnaIdParams, ZUpdateQnaRequest, ZUpdateQnaResponse } from '@velvet/contracts/admin/update-qna';
import {
  ZDecideClaimParams,
  ZDecideClaimRequest,
  ZDecideClaimResponse,
  ZListClaimsRequest,
  ZListClaimsResponse,
} from '@velvet/contracts/admin/claims';
import {
  ZDecideReportParams,
  ZDecideReportRequest,
  ZDecideReportResponse,
  ZListReportsRequest,
  ZListReportsResponse,
} from '@velvet/contracts/admin/reports';
import { ZErrorResponse } from '@velvet/contracts/common';
import { API_PATHS } from '@velvet/contracts/routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decideClaim, listClaimsForSupport } from '../../services/claims/claims.ts';
import { decideImageReports, listReportsForSupport } from '../../services/moderation/reports.ts';
import { listSupportRequests, updateSupportRequest } from '../../services/support/support-requests.ts';

// 400, 401 and 403 (requireAdmin) are documented from the guard and the input (plugins/external/swagger.ts).
const notFound = { 404: ZErrorResponse };

/** The support team's API. Every route needs an admin (403 for members, 401 without a token). */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  app.get(
    API_PATHS.adminQna,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        operationId: 'listSupportRequests',
        summary: 'Support requests, newest first, filtered by option and status',
        querystring: ZListQnaRequest,
        response: { 200: ZListQnaResponse },
      },
    },
    async (request) => listSupportRequests(db, request.query),
  );

  app.patch(
    API_PATHS.adminQnaItem,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        operationId: 'updateSupportRequest',
        summary: "Change a support request's status (and record the answer)",
        params: ZQnaIdParams,
        body: ZUpdateQnaRequest,
        response: { 200: ZUpdateQnaResponse, ...notFound },
      },
    },
    async (request) => ({
      status: 'ok' as const,
      qna: await updateSupportRequest(
        { db, mailer: app.services.mailer, log: request.log },
        request.params.id,
        request.body,
        app.services.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`,
      ),
    }),
  );
  app.get(
    API_PATHS.adminClaims,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        operationId: 'listClaims',
        summary: 'Refund claims, newest first, by status',
        querystring: ZListClaimsRequest,
        response: { 200: ZListClaimsResponse },
      },
    },
    async (request) => listClaimsForSupport(db, request.query),
  );

  app.post(
    API_PATHS.adminClaimItem,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        operationId: 'decideClaim',
        summary: 'Approve (refund now) or reject a pending claim',
        params: ZDecideClaimParams,
        body: ZDecideClaimRequest,
        response: { 200: ZDecideClaimResponse, ...notFound, 409: ZErrorResponse },
      },
    },
    async (request) => ({
      status: 'ok' as const,
      claim: await decideClaim(app.services, request.params.id, request.body.decision),
    }),
  );

  app.get(
    API_PATHS.adminReports,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        operationId: 'listReports',
        summary: 'Content reports, newest first, by status',
        querystring: ZListReportsRequest,
        response: { 200: ZListReportsResponse },
      },
    },
    async (request) => listReportsForSupport(db, request.query),
  );

  app.post(
    API_PATHS.adminReportedImage,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        operationId: 'decideImageReports',
        summary: "Decide an image's open reports: unpublish it for good, or dismiss them",
        params: ZDecideReportParams,
        body: ZDecideReportRequest,
        response: { 200: ZDecideReportResponse, ...notFound },
      },
    },
    async (request) => ({
      status: 'ok' as const,
      decided: await decideImageReports(db, request.params.image_id, request.body.decision),
    }),
  );
};

export default adminRoutes;
