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
import { liftMute } from '../../services/safety/mute-member.ts';
import { decideSafetyHold, listHoldsForSupport, readHoldPicture } from '../../services/safety/review-hold.ts';
import {
  listEscalationsForSupport,
  listMutedMembersForSupport,
  listSafetyLog,
  reportEscalation,
} from '../../services/safety/safety-admin.ts';

const security = [{ bearerAuth: [] }];
const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const tags = ['admin', 'safety'];

/** The support team's safety desk (docs/safety.md). Every route needs an admin. */
const adminSafetyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  app.get(
    API_PATHS.adminSafetyMutes,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Members muted from generating (repeated safety refusals), soonest end first',
        security,
        querystring: ZListMutedMembersRequest,
        response: { 200: ZListMutedMembersResponse, ...errors },
      },
    },
    async (request) => listMutedMembersForSupport(app.services, request.query),
  );

  app.post(
    API_PATHS.adminSafetyLiftMute,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: "Lift a member's mute: they can generate again at once (recorded in the safety log)",
        security,
        params: ZLiftMuteParams,
        response: { 200: ZLiftMuteResponse, ...errors },
      },
    },
    async (request) => liftMute(db, request.params.member_id, request.user.sub),
  );

  app.get(
    API_PATHS.adminSafetyLog,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'The safety log (refusals, holds, mutes), newest first, by member, stage and outcome',
        security,
        querystring: ZListSafetyLogRequest,
        response: { 200: ZListSafetyLogResponse, ...errors },
      },
    },
    async (request) => listSafetyLog(db, request.query),
  );

  app.get(
    API_PATHS.adminSafetyHolds,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Pictures withheld by the picture check (pending: the review queue, oldest first)',
        security,
        querystring: ZListSafetyHoldsRequest,
        response: { 200: ZListSafetyHoldsResponse, ...errors },
      },
    },
    async (request) => listHoldsForSupport(app.services, request.query),
  );

  app.get(
    API_PATHS.adminSafetyHoldPicture,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: "A pending hold's quarantined picture (WebP), for the reviewer only",
        security,
        params: ZSafetyHoldParams,
        response: { ...errors },
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
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Decide a hold: remove (delete the picture) or release (store it for the member); one decision wins',
        security,
        params: ZSafetyHoldParams,
        body: ZDecideSafetyHoldRequest,
        response: { 200: ZDecideSafetyHoldResponse, ...errors, 409: ZErrorResponse },
      },
    },
    async (request) => ({
      status: 'ok' as const,
      hold: await decideSafetyHold(app.services, request.params.id, request.body.decision, request.user.sub),
    }),
  );

  app.get(
    API_PATHS.adminSafetyEscalations,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Escalation records (attempts rated as child sexual abuse material), newest first',
        security,
        querystring: ZListEscalationsRequest,
        response: { 200: ZListEscalationsResponse, ...errors },
      },
    },
    async (request) => listEscalationsForSupport(db, request.query),
  );

  app.post(
    API_PATHS.adminSafetyReportEscalation,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Mark an escalation reported to the authorities, with their reference',
        security,
        params: ZEscalationParams,
        body: ZReportEscalationRequest,
        response: { 200: ZReportEscalationResponse, ...errors, 409: ZErrorResponse },
      },
    },
    async (request) => reportEscalation(db, request.params.id, request.body.report_ref),
  );
};

export default adminSafetyRoutes;
