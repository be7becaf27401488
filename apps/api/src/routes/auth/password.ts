import { ZForgotPasswordRequest, ZForgotPasswordResponse } from '@velvet/contracts/auth/forgot-password';
import { FORGOT_PASSWORD_MESSAGE } from '@velvet/contracts/auth/password-reset-rules';
import { ZResetPasswordRequest, ZResetPasswordResponse } from '@velvet/contracts/auth/reset-password';
import { ZErrorResponse } from '@velvet/contracts/common';
import { API_PATHS } from '@velvet/contracts/routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestPasswordReset, resetPassword } from '../../services/auth/password-reset.ts';
import { sessionResponse } from '../../services/auth/session.ts';
import { mailLinkBase } from '../../services/mail/links.ts';

// 400 is documented from the input (plugins/external/swagger.ts); 429: per-IP and per-email limits.

/** Password reset by email (docs/email.md): public routes. */
const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, redis, config, mailer } = app.services;

  app.post(
    API_PATHS.forgotPassword,
    {
      schema: {
        tags: ['auth'],
        operationId: 'requestPasswordReset',
        summary: 'Mails a password reset link; the same answer whether the address is registered or not',
        body: ZForgotPasswordRequest,
        // 503: email links need PUBLIC_URL in production.
        response: { 200: ZForgotPasswordResponse, 429: ZErrorResponse, 503: ZErrorResponse },
      },
    },
    async (request) => {
      const linkBase = mailLinkBase(config, `${request.protocol}://${request.host}`);
      await requestPasswordReset(
        { db, redis, mailer, config, log: request.log },
        { email: request.body.email, ip: request.ip, linkBase },
      );
      return { status: 'ok' as const, message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  app.post(
    API_PATHS.resetPassword,
    {
      schema: {
        tags: ['auth'],
        operationId: 'resetPassword',
        summary: 'Sets a new password with the mailed token; ends every other session, answers a new one',
        body: ZResetPasswordRequest,
        response: { 200: ZResetPasswordResponse, 429: ZErrorResponse },
      },
    },
    async (request) => {
      const member = await resetPassword({ db, redis }, { ...request.body, ip: request.ip });
      const token = app.signAccessToken({ sub: member.id, role: member.role });
      return sessionResponse(member, token, 'Your password is changed. You are signed in.');
    },
  );
};

export default passwordRoutes;
