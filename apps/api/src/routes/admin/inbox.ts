// The support console's Inbox (issue 15, docs/support.md "Inbox"), and the older QNA routes it
// grew from (GET /api/admin/qna, PATCH /api/admin/qna/:id), kept for their clients.
import {
  ZCloseInboxResponse,
  ZGetInboxItemResponse,
  ZInboxIdParams,
  ZListInboxRequest,
  ZListInboxResponse,
  ZReplyInboxRequest,
  ZReplyInboxResponse,
} from '@velvet/contracts/admin/inbox';
import { ZListQnaRequest, ZListQnaResponse } from '@velvet/contracts/admin/list-qna';
import { ZQnaIdParams, ZUpdateQnaRequest, ZUpdateQnaResponse } from '@velvet/contracts/admin/update-qna';
import { ZErrorResponse } from '@velvet/contracts/common';
import { API_PATHS } from '@velvet/contracts/routes';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { closeSupportRequest, getInboxItem, listInbox, replyToSupportRequest } from '../../services/support/inbox.ts';
import { listSupportRequests, updateSupportRequest } from '../../services/support/support-requests.ts';
import { consoleActor } from './actor.ts';

// 400, 401 and 403 are documented from the guard and the input (plugins/external/swagger.ts).
const notFound = { 404: ZErrorResponse };
const tags = ['admin'];

const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  const linkBase = (request: FastifyRequest) =>
    app.services.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
  const replyDeps = (request: FastifyRequest) => ({ db, mailer: app.services.mailer, log: request.log });

  app.get(
    API_PATHS.adminInbox,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'listInbox',
        summary: 'Support requests by status (new, answered, closed), oldest first, with the 24-hour deadline',
        querystring: ZListInboxRequest,
        response: { 200: ZListInboxResponse },
      },
    },
    async (request) => listInbox(db, request.query),
  );

  app.get(
    API_PATHS.adminInboxItem,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'getInboxItem',
        summary: "A support request with its replies and the member's context",
        params: ZInboxIdParams,
        response: { 200: ZGetInboxItemResponse, ...notFound },
      },
    },
    async (request) => getInboxItem(db, request.params.id),
  );

  app.post(
    API_PATHS.adminInboxReplies,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'replyToSupportRequest',
        summary: 'Reply to a support request: stored, mailed to the member, status answered (once per request_id)',
        params: ZInboxIdParams,
        body: ZReplyInboxRequest,
        response: { 200: ZReplyInboxResponse, ...notFound, 409: ZErrorResponse },
      },
    },
    async (request) =>
      replyToSupportRequest(
        replyDeps(request),
        consoleActor(request),
        request.params.id,
        request.body,
        linkBase(request),
      ),
  );

  app.post(
    API_PATHS.adminInboxClose,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'closeSupportRequest',
        summary: 'Close a support request (409 when it is closed already)',
        params: ZInboxIdParams,
        response: { 200: ZCloseInboxResponse, ...notFound, 409: ZErrorResponse },
      },
    },
    async (request) => ({
      status: 'ok' as const,
      item: await closeSupportRequest(db, consoleActor(request), request.params.id),
    }),
  );

  app.get(
    API_PATHS.adminQna,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'listSupportRequests',
        summary: 'Support requests, newest first, filtered by option and status (page-numbered)',
        querystring: ZListQnaRequest,
        response: { 200: ZListQnaResponse },
      },
    },
    async (request) => listSupportRequests(db, request.query),
  );

  app.patch(
    API_PATHS.adminQnaItem,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
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
        replyDeps(request),
        request.params.id,
        request.body,
        linkBase(request),
        consoleActor(request),
      ),
    }),
  );
};

export default inboxRoutes;
