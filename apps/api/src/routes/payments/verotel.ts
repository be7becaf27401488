import { ZErrorResponse } from '@velvet/contracts/common';
import { ZCancelSubscriptionResponse, ZGetSubscriptionResponse } from '@velvet/contracts/payment/subscription';
import { API_PATHS } from '@velvet/contracts/routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WebhookSignatureError } from '../../providers/payments/index.ts';
import { POSTBACK_OK_BODY } from '../../providers/payments/verotel/postback.ts';
import { handleVerotelPostback } from '../../services/payments/handle-verotel-postback.ts';
import { cancelSubscription, getSubscription } from '../../services/payments/subscription.ts';

// Verotel FlexPay's postback and the renewing plan of the account page (issue 16, docs/payments.md).
const verotelRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, redis } = app.services;
  const deps = { db, redis, cards: app.services.cardPayments };

  app.get(
    API_PATHS.verotelPostback,
    {
      schema: {
        tags: ['payments'],
        operationId: 'receiveVerotelPostback',
        summary:
          "Verotel FlexPay's signed postback (GET query, SHA-256 or legacy SHA-1 signature): answered OK once handled or deliberately ignored",
        response: {
          200: {
            description: 'Handled (or ignored): Verotel stops retrying',
            content: { 'text/plain': { schema: z.literal(POSTBACK_OK_BODY) } },
          },
          400: ZErrorResponse,
          404: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      // The raw query: the signature covers every parameter exactly as sent, repeated ones are refused.
      const query = new URL(request.raw.url ?? '/', 'http://postback').searchParams;
      try {
        await handleVerotelPostback(deps, request.log, query);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          return reply.code(400).send({ status: 'error', message: `Postback refused: ${error.message}` });
        }
        throw error;
      }
      return reply.code(200).type('text/plain; charset=utf-8').send(POSTBACK_OK_BODY);
    },
  );

  app.get(
    API_PATHS.subscription,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['payments'],
        operationId: 'getSubscription',
        summary: "The member's plan the card processor renews by itself (null when none)",
        response: { 200: ZGetSubscriptionResponse },
      },
    },
    async (request) => getSubscription(deps, request.user.sub),
  );

  app.post(
    API_PATHS.cancelSubscription,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['payments'],
        operationId: 'cancelSubscription',
        summary: "The processor's signed page where the member stops the plan's renewal",
        response: { 200: ZCancelSubscriptionResponse, 404: ZErrorResponse, 409: ZErrorResponse, 503: ZErrorResponse },
      },
    },
    async (request) => cancelSubscription(deps, request.user.sub),
  );
};

export default verotelRoutes;
