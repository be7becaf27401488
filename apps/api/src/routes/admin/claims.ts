// The support console's Claims screen (issue 15, docs/support.md "Claims"), and the older claim routes
// (GET /api/admin/claims, POST /api/admin/claims/:id), kept for their clients.
import {
  ZClaimIdParams,
  ZClaimQueueRequest,
  ZClaimQueueResponse,
  ZConsoleClaimResponse,
  ZDecideClaimParams,
  ZDecideClaimRequest,
  ZDecideClaimResponse,
  ZListClaimsRequest,
  ZListClaimsResponse,
  ZRejectClaimRequest,
} from '@velvet/contracts/admin/claims';
import { ZErrorResponse } from '@velvet/contracts/common';
import { API_PATHS } from '@velvet/contracts/routes';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decideClaim, listClaimsForSupport } from '../../services/claims/claims.ts';
import { approveClaim, listClaimsQueue, readClaimImage, rejectClaim } from '../../services/claims/console-claims.ts';
import { mediaResponse } from '../../plugins/external/swagger.ts';
import { consoleActor } from './actor.ts';

// 400, 401 and 403 are documented from the guard and the input (plugins/external/swagger.ts).
const notFound = { 404: ZErrorResponse };
const conflict = { 409: ZErrorResponse };
const tags = ['admin'];

const claimsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  app.get(
    API_PATHS.adminClaimQueue,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'listClaimQueue',
        summary: 'Refund claims by status (pending: oldest first, with the automatic refund time)',
        querystring: ZClaimQueueRequest,
        response: { 200: ZClaimQueueResponse },
      },
    },
    async (request) => listClaimsQueue(app.services, request.query),
  );

  app.get(
    API_PATHS.adminClaimImage,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'getClaimImage',
        summary: "A claimed image's thumbnail (WebP), for support only",
        params: ZClaimIdParams,
        response: {
          200: mediaResponse('image/webp', 'The claimed picture, grid-sized', z.string().meta({ format: 'binary' })),
          ...notFound,
        },
      },
    },
    async (request, reply) => {
      const file = await readClaimImage(app.services, request.params.id);
      const raw: FastifyReply = reply;
      return raw
        .header('cache-control', 'private, no-store')
        .header('etag', file.etag)
        .type('image/webp')
        .send(file.data);
    },
  );

  app.post(
    API_PATHS.adminClaimApprove,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'approveClaim',
        summary: 'Approve a pending claim: its coins are refunded now through the ledger (409 once decided)',
        params: ZClaimIdParams,
        response: { 200: ZConsoleClaimResponse, ...notFound, ...conflict },
      },
    },
    async (request) => ({
      status: 'ok' as const,
      claim: await approveClaim(app.services, consoleActor(request), request.params.id),
    }),
  );

  app.post(
    API_PATHS.adminClaimReject,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'rejectClaim',
        summary: 'Reject a pending claim with a reason: no refund (409 once decided)',
        params: ZClaimIdParams,
        body: ZRejectClaimRequest,
        response: { 200: ZConsoleClaimResponse, ...notFound, ...conflict },
      },
    },
    async (request) => ({
      status: 'ok' as const,
      claim: await rejectClaim(app.services, consoleActor(request), request.params.id, request.body.reason),
    }),
  );

  app.get(
    API_PATHS.adminClaims,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'listClaims',
        summary: 'Refund claims, newest first, by status (page-numbered)',
        querystring: ZListClaimsRequest,
        response: { 200: ZListClaimsResponse },
      },
    },
    async (request) => listClaimsForSupport(db, request.query),
  );

  app.post(
    API_PATHS.adminClaimItem,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'decideClaim',
        summary: 'Approve (refund now) or reject (with a reason) a pending claim',
        params: ZDecideClaimParams,
        body: ZDecideClaimRequest,
        response: { 200: ZDecideClaimResponse, ...notFound, ...conflict },
      },
    },
    async (request) => ({
      status: 'ok' as const,
      claim: await decideClaim(app.services, consoleActor(request), request.params.id, request.body),
    }),
  );
};

export default claimsRoutes;
