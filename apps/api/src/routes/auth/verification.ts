import {
  ZResendVerificationResponse,
  ZVerifyEmailRequest,
  ZVerifyEmailResponse,
} from '@velvet/contracts/auth/verify-email';
import { ZErrorResponse } from '@velvet/contracts/common';
import { API_PATHS } from '@velvet/contracts/routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resendVerification, verifyEmail } from '../../services/auth/verify-email.ts';

// Email verification (docs/security.md, "Email verification and deleted accounts").
const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, redis, config, mailer } = app.services;

  app.post(
    API_PATHS.verifyEmail,
    {
      schema: {
        tags: ['auth'],
        operationId: 'verifyEmail',
        summary: 'Use an emailed verification link: verifies the address and grants the welcome coins once',
        body: ZVerifyEmailRequest,
        response: { 200: ZVerifyEmailResponse, 400: ZErrorResponse },
      },
    },
    async (request) => verifyEmail(db, request.body.token),
  );

  app.post(
    API_PATHS.resendVerification,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        operationId: 'resendVerificationEmail',
        summary: 'Mail a new verification link to the signed-in member (one a minute, five a day; 503 if mail fails)',
        response: {
          200: ZResendVerificationResponse,
          404: ZErrorResponse,
          409: ZErrorResponse,
          429: ZErrorResponse,
          503: ZErrorResponse,
        },
      },
    },
    async (request) => {
      const origin = `${request.protocol}://${request.host}`;
      const message = await resendVerification({ db, redis, config, mailer }, request.user.sub, origin);
      return { status: 'ok' as const, message };
    },
  );
};

export default verificationRoutes;
