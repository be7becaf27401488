import {
  ZDecideSafetyHoldRequest,
  ZDecideSafetyHoldResponse,
  ZEscalationParams,
  ZLiftMuteParams,
  ZLiftMuteResponse,
  ZListEscalationsRequest,
  ZListEscalationsResponse,
  ZListMutedMembersRequest,
  ZListMutedMembersResponse,
  ZListSafetyHoldsRequest,
  ZListSafetyHoldsResponse,
  ZListSafetyLogRequest,
  ZListSafetyLogResponse,
  ZReportEscalationRequest,
  ZReportEscalationResponse,
  ZSafetyHoldParams,
} from '@velvet/contracts/admin/safety';
import { ZErrorResponse } from '@velvet/contracts/common';
import { API_PATHS } from '@velvet/contracts/routes';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mediaResponse } from '../../plugins/external/swagger.ts';
import { liftMute } from '../../services/safety/mute-member.ts';
import { decideSafetyHold, listHoldsForSupport, readHoldPicture } from '../../services/safety/review-hold.ts';
import {
  listEscalationsForSupport,
  listMutedMembersForSupport,
  listSafetyLog,
  reportEscalation,
} from '../../services/safety/safety-admin.ts';
import { consoleActor } from './actor.ts';

// 400, 401 and 403 (requireSupport) are documented from the guard and the input (plugins/external/swagger.ts).
const notFound = { 404: ZErrorResponse };
const tags = ['admin', 'safety'];

/**
 * The support team's safety desk (docs/safety.md): support or admin (issue 15), every change audited.
 * The console's Moderation screen decides holds through routes/admin/moderation.ts; these stay for
 * the safety desk's own clients.
 */
const adminSafetyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  app.get(
    API_PATHS.adminSafetyMutes,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'listMutedMembers',
        summary: 'Members muted from generating (repeated safety refusals), soonest end first',
        querystring: ZListMutedMembersRequest,
        response: { 200: ZListMutedMembersResponse },
      },
    },
    async (request) => listMutedMembersForSupport(app.services, request.query),
  );

  app.post(
    API_PATHS.adminSafetyLiftMute,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'liftMute',
        summary: "Lift a member's mute: they can generate again at once (recorded in the safety log)",
        params: ZLiftMuteParams,
        response: { 200: ZLiftMuteResponse, ...notFound },
      },
    },
    async (request) => liftMute(db, request.params.member_id, consoleActor(request)),
  );

  app.get(
    API_PATHS.adminSafetyLog,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'listSafetyLog',
        summary: 'The safety log (refusals, holds, mutes), newest first, by member, stage and outcome',
        querystring: ZListSafetyLogRequest,
        response: { 200: ZListSafetyLogResponse },
      },
    },
    async (request) => listSafetyLog(db, request.query),
  );

  app.get(
    API_PATHS.adminSafetyHolds,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'listSafetyHolds',
        summary: 'Pictures withheld by the picture check (pending: the review queue, oldest first)',
        querystring: ZListSafetyHoldsRequest,
        response: { 200: ZListSafetyHoldsResponse },
      },
    },
    async (request) => listHoldsForSupport(app.services, request.query),
  );

  app.get(
    API_PATHS.adminSafetyHoldPicture,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'getSafetyHoldPicture',
        summary: "A pending hold's quarantined picture (WebP), for the reviewer only",
        params: ZSafetyHoldParams,
        response: {
          200: mediaResponse('image/webp', 'The held picture (never cached)', z.string().meta({ format: 'binary' })),
          ...notFound,
        },
      },
    },
    async (request, reply) => {
      const picture = await readHoldPicture(app.services, request.params.id);
      const raw: FastifyReply = reply;
      return raw.header('cache-control', 'no-store').type('image/webp').send(picture);
    },
  );

  app.post(
    API_PATHS.adminSafetyHoldItem,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'decideSafetyHold',
        summary: 'Decide a hold: remove (delete the picture) or release (store it for the member); one decision wins',
        params: ZSafetyHoldParams,
        body: ZDecideSafetyHoldRequest,
        response: { 200: ZDecideSafetyHoldResponse, ...notFound, 409: ZErrorResponse },
      },
    },
    async (request) => ({
      status: 'ok' as const,
      hold: (await decideSafetyHold(app.services, consoleActor(request), request.params.id, request.body.decision))
        .hold,
    }),
  );

  app.get(
    API_PATHS.adminSafetyEscalations,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'listEscalations',
        summary: 'Escalation records (attempts rated as child sexual abuse material), newest first',
        querystring: ZListEscalationsRequest,
        response: { 200: ZListEscalationsResponse },
      },
    },
    async (request) => listEscalationsForSupport(db, request.query),
  );

  app.post(
    API_PATHS.adminSafetyReportEscalation,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'reportEscalation',
        summary: 'Mark an escalation reported to the authorities, with their reference',
        params: ZEscalationParams,
        body: ZReportEscalationRequest,
        response: { 200: ZReportEscalationResponse, ...notFound, 409: ZErrorResponse },
      },
    },
    async (request) => reportEscalation(db, consoleActor(request), request.params.id, request.body.report_ref),
  );
};

export default adminSafetyRoutes;
