import type { TMemberRole } from '@velvet/contracts/admin/roles';
import { ZGetAuthConfigResponse } from '@velvet/contracts/auth/get-auth-config';
import { ZRegisterRequest, ZRegisterResponse } from '@velvet/contracts/auth/register';
import { ZSelfLoginRequest, ZSelfLoginResponse } from '@velvet/contracts/auth/self-login';
import { ZSocialLoginRequest, ZSocialLoginResponse } from '@velvet/contracts/auth/social-login';
import { ZErrorResponse } from '@velvet/contracts/common';
import { API_PATHS } from '@velvet/contracts/routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { logInWithGoogle } from '../../services/auth/log-in-with-google.ts';
import { logInWithPassword } from '../../services/auth/log-in-with-password.ts';
import { consumeAttempts, perIpAttemptLimit, signInPolicy } from '../../services/auth/rate-limit.ts';
import { registerMember } from '../../services/auth/register-member.ts';
import { sessionResponse } from '../../services/auth/session.ts';
import passwordRoutes from './password.ts';

// 400 is documented from the input (plugins/external/swagger.ts); 429: the per-IP and per-email limits.
const tooMany = { 429: ZErrorResponse };

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Password reset by email: its own file (routes/auth/password.ts).
  await app.register(passwordRoutes);
  const { db, redis, config } = app.services;
  const token = (member: { id: string; role: TMemberRole }) =>
    app.signAccessToken({ sub: member.id, role: member.role });

  app.get(
    API_PATHS.authConfig,
    {
      schema: {
        tags: ['auth'],
        operationId: 'getAuthConfig',
        summary: 'Sign-in settings the web app needs (Google client id), public',
        response: { 200: ZGetAuthConfigResponse },
      },
    },
    async () => ({
      google: config.GOOGLE_CLIENT_ID
        ? { client_id: config.GOOGLE_CLIENT_ID, authorization_url: config.GOOGLE_AUTH_URL }
        : null,
    }),
  );

  app.post(
    API_PATHS.selfLogin,
    {
      schema: {
        tags: ['auth'],
        operationId: 'signIn',
        summary: 'Email and password sign-in: ok (the session), nopwd (message) or no (unregistered)',
        body: ZSelfLoginRequest,
        response: { 200: ZSelfLoginResponse, ...tooMany },
      },
    },
    async (request) => {
      const outcome = await logInWithPassword(
        { db, redis, policy: signInPolicy(config), deletedEmailHoldDays: config.DELETED_EMAIL_HOLD_DAYS },
        request.body,
        request.ip,
      );
      if (outcome.status !== 'ok') return outcome;
      return sessionResponse(outcome.member, token(outcome.member));
    },
  );

  app.post(
    API_PATHS.register,
    {
      schema: {
        tags: ['auth'],
        operationId: 'register',
        summary: 'Registration with the 18+ attestation; answers the session (signed in at once)',
        body: ZRegisterRequest,
        // 409: the email or nickname is taken, or the email belongs to a recently deleted account.
        response: { 200: ZRegisterResponse, 409: ZErrorResponse, ...tooMany },
      },
    },
    async (request) => {
      await consumeAttempts(redis, 'auth', perIpAttemptLimit(config, request.ip), 'registration attempts');
      const origin = `${request.protocol}://${request.host}`;
      const onMailError = (err: unknown) => request.log.error({ err }, 'verification mail not sent');
      const { member, message } = await registerMember(
        { db, redis, config, mailer: app.services.mailer, onMailError },
        request.body,
        origin,
      );
      return sessionResponse(member, token(member), message);
    },
  );

  app.post(
    API_PATHS.socialLogin,
    {
      schema: {
        tags: ['auth'],
        operationId: 'signInWithGoogle',
        summary: 'Google sign-in with a verified id token; links by verified email or creates the member',
        body: ZSocialLoginRequest,
        // 401: the id token or its nonce is refused; 403: a recently deleted account; 503: Google sign-in
        // is not configured.
        response: {
          200: ZSocialLoginResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          ...tooMany,
          503: ZErrorResponse,
        },
      },
    },
    async (request) => {
      await consumeAttempts(redis, 'auth', perIpAttemptLimit(config, request.ip), 'sign-in attempts');
      const { member, created } = await logInWithGoogle(
        { db, redis, verifier: app.services.googleSignIn, deletedEmailHoldDays: config.DELETED_EMAIL_HOLD_DAYS },
        request.body,
      );
      return sessionResponse(member, token(member), created ? 'Welcome to Velvet!' : 'Signed in with Google.') as {
        message: string;
      } & ReturnType<typeof sessionResponse>;
    },
  );
};

export default authRoutes;
