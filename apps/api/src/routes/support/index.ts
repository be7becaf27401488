import { ZErrorResponse } from '@velvet/contracts/common';
import { API_PATHS } from '@velvet/contracts/routes';
import { ZCreateQnaRequest, ZCreateQnaResponse } from '@velvet/contracts/support/create-qna';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
};

export default supportRoutes;
