// The support console's Moderation screen (issue 15, docs/support.md "Moderation"): one queue of
// reported images and held pictures, the detail with the member's history, and decisions; plus the
// older report routes (GET /api/admin/reports, POST /api/admin/reports/:image_id), kept for clients.
import {
  ZDecideModerationRequest,
  ZDecideModerationResponse,
  ZListModerationRequest,
  ZListModerationResponse,
  ZModerationDetailResponse,
  ZModerationHoldParams,
  ZModerationReportParams,
} from '@velvet/contracts/admin/moderation';
import {
  ZDecideReportParams,
  ZDecideReportRequest,
  ZDecideReportResponse,
  ZListReportsRequest,
  ZListReportsResponse,
} from '@velvet/contracts/admin/reports';
import { ZErrorResponse } from '@velvet/contracts/common';
import { API_PATHS } from '@velvet/contracts/routes';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mediaResponse } from '../../plugins/external/swagger.ts';
import { decideHeldPicture, decideReportedImage } from '../../services/moderation/decide-moderation.ts';
import {
  getHeldPicture,
  getReportedImage,
  listModerationQueue,
  readReportedPicture,
} from '../../services/moderation/moderation-queue.ts';
import { decideImageReports, listReportsForSupport } from '../../services/moderation/reports.ts';
import { consoleActor } from './actor.ts';

// 400, 401 and 403 are documented from the guard and the input (plugins/external/swagger.ts).
const notFound = { 404: ZErrorResponse };
const conflict = { 409: ZErrorResponse };
const tags = ['admin'];

const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  app.get(
    API_PATHS.adminModeration,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'listModerationQueue',
        summary: 'Reported images and held pictures waiting for a decision, oldest first',
        querystring: ZListModerationRequest,
        response: { 200: ZListModerationResponse },
      },
    },
    async (request) => listModerationQueue(db, request.query),
  );

  app.get(
    API_PATHS.adminModerationReport,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'getReportedImage',
        summary: "A reported image: its open reports, prompt and the owner's history",
        params: ZModerationReportParams,
        response: { 200: ZModerationDetailResponse, ...notFound },
      },
    },
    async (request) => getReportedImage(db, request.params.image_id),
  );

  app.get(
    API_PATHS.adminModerationReportPicture,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'getReportedImagePicture',
        summary: "A reported image's stored picture (WebP), for the reviewer (also when hidden)",
        params: ZModerationReportParams,
        response: {
          200: mediaResponse('image/webp', 'The picture (never cached)', z.string().meta({ format: 'binary' })),
          ...notFound,
        },
      },
    },
    async (request, reply) => {
      const picture = await readReportedPicture(app.services, request.params.image_id);
      const raw: FastifyReply = reply;
      return raw.header('cache-control', 'no-store').type('image/webp').send(picture);
    },
  );

  app.post(
    API_PATHS.adminModerationReport,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'decideReportedImage',
        summary: 'Decide a reported image: approve (dismiss), remove (unpublish for good), mute, escalate',
        params: ZModerationReportParams,
        body: ZDecideModerationRequest,
        response: { 200: ZDecideModerationResponse, ...notFound, ...conflict },
      },
    },
    async (request) =>
      decideReportedImage(
        app.services,
        consoleActor(request),
        request.params.image_id,
        request.body.decision,
        request.body.note ?? null,
      ),
  );

  app.get(
    API_PATHS.adminModerationHold,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'getHeldPicture',
        summary: "A held picture: the prompt, the estimated age and the owner's history",
        params: ZModerationHoldParams,
        response: { 200: ZModerationDetailResponse, ...notFound },
      },
    },
    async (request) => getHeldPicture(db, request.params.id),
  );

  app.post(
    API_PATHS.adminModerationHold,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'decideHeldPicture',
        summary: 'Decide a held picture: approve (release), remove (delete every stored copy), mute, escalate',
        params: ZModerationHoldParams,
        body: ZDecideModerationRequest,
        response: { 200: ZDecideModerationResponse, ...notFound, ...conflict },
      },
    },
    async (request) =>
      decideHeldPicture(
        app.services,
        consoleActor(request),
        request.params.id,
        request.body.decision,
        request.body.note ?? null,
      ),
  );

  app.get(
    API_PATHS.adminReports,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
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
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'decideImageReports',
        summary: "Decide an image's open reports: unpublish it for good, or dismiss them",
        params: ZDecideReportParams,
        body: ZDecideReportRequest,
        response: { 200: ZDecideReportResponse, ...notFound, ...conflict },
      },
    },
    async (request) => ({
      status: 'ok' as const,
      decided: await decideImageReports(
        db,
        consoleActor(request),
        request.params.image_id,
        request.body.decision === 'unpublish' ? 'remove' : 'approve',
      ),
    }),
  );
};

export default moderationRoutes;
