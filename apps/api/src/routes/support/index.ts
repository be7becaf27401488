import { ZErrorResponse } from '@velvet/contracts/common';
import { API_PATHS } from '@velvet/contracts/routes';
import { ZCreateQnaRequest, ZCreateQnaResponse } from '@velvet/contracts/support/create-qna';
import { ZListMyQnaResponse } from '@velvet/contracts/support/list-my-qna';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listMemberSupportRequests } from '../../services/support/inbox.ts';
import { createSupportRequest } from '../../services/support/support-requests.ts';

const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    API_PATHS.createQna,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['support'],
        operationId: 'createSupportRequest',
        summary: 'Send a support request (QNA)',
        body: ZCreateQnaRequest,
        response: { 200: ZCreateQnaResponse, 429: ZErrorResponse },
      },
    },
    async (request) => {
      await createSupportRequest(app.services, request.user.sub, request.body);
      return { status: 'ok' as const, message: 'Your inquiry has been submitted successfully.' };
    },
  );

  app.get(
    API_PATHS.listMyQna,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['support'],
        operationId: 'listMySupportRequests',
        summary: "The member's own support requests, newest first, with support's replies",
        response: { 200: ZListMyQnaResponse },
      },
    },
    async (request) => listMemberSupportRequests(app.services.db, request.user.sub),
  );
};

export default supportRoutes;
