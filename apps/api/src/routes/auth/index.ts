import { ZGetAuthConfigResponse } from '@velvet/contracts/auth/get-auth-config';
import { ZRegisterRequest, ZRegisterResponse } from '@velvet/contracts/auth/register';
import { ZSelfLoginRequest, ZSelfLoginResponse } from '@velvet/contracts/auth/self-login';
import { ZSocialLoginRequest, ZSocialLoginResponse } from '@velvet/contracts/auth/social-login';
import { ZErrorResponse } from '@velvet/contracts/common';
import { API_PATHS } from '@velvet/contracts/routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { logInWithGoogle } from '../../services/auth/log-in-with-google.ts';
import { logInWithPassword } from '../../services/auth/log-in-with-password.ts';
import { consumeAttempts } from '../../services/auth/rate-limit.ts';
import { registerMember } from '../../services/auth/register-member.ts';
import { authAttemptLimits, sessionResponse } from '../../services/auth/session.ts';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  409: ZErrorResponse,
  429: ZErrorResponse,
};

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, redis, config } = app.services;
  const token = (member: { id: string; role: 'member' | 'admin' }) =>
    app.signAccessToken({ sub: member.id, role: member.role });

  app.get(
    API_PATHS.authConfig,
    {
      schema: {
        tags: ['auth'],
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
        summary: 'Email and password sign-in: ok (the session), nopwd (message) or no (unregistered)',
        body: ZSelfLoginRequest,
        response: { 200: ZSelfLoginResponse, ...errors },
      },
    },
    async (request) => {
      const { member_id: email } = request.body;
      await consumeAttempts(redis, 'auth', authAttemptLimits(config, request.ip, email), 'sign-in attempts');
      const outcome = await logInWithPassword(db, request.body);
      if (outcome.status !== 'ok') return outcome;
      return sessionResponse(outcome.member, token(outcome.member));
    },
  );

  app.post(
    API_PATHS.register,
    {
      schema: {
        tags: ['auth'],
        summary: 'Registration with the 18+ attestation; answers the session (signed in at once)',
        body: ZRegisterRequest,
        response: { 200: ZRegisterResponse, ...errors },
      },
    },
    async (request) => {
      const { member_id: email } = request.body;
      await consumeAttempts(redis, 'auth', authAttemptLimits(config, request.ip, email), 'registration attempts');
      const member = await registerMember(db, request.body);
      return sessionResponse(member, token(member), 'Welcome to Velvet!');
    },
  );

  app.post(
    API_PATHS.socialLogin,
    {
      schema: {
        tags: ['auth'],
        summary: 'Google sign-in with a verified id token; links by verified email or creates the member',
        body: ZSocialLoginRequest,
        response: { 200: ZSocialLoginResponse, ...errors, 503: ZErrorResponse },
      },
    },
    async (request) => {
      await consumeAttempts(redis, 'auth', authAttemptLimits(config, request.ip), 'sign-in attempts');
      const { member, created } = await logInWithGoogle(
        { db, redis, verifier: app.services.googleSignIn },
        request.body,
      );
      return sessionResponse(member, token(member), created ? 'Welcome to Velvet!' : 'Signed in with Google.') as {
        message: string;
      } & ReturnType<typeof sessionResponse>;
    },
  );
};

export default authRoutes;
