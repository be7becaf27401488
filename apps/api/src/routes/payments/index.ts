import { ZErrorResponse } from '@velvet/contracts/common';
import { ZCompletePaymentRequest, ZCompletePaymentResponse } from '@velvet/contracts/payment/complete-payment';
import { ZCreateCheckoutRequest, ZCreateCheckoutResponse } from '@velvet/contracts/payment/create-checkout';
import { ZCreateIntentRequest, ZCreateIntentResponse } from '@velvet/contracts/payment/create-intent';
import { ZGetPaymentConfigResponse } from '@velvet/contracts/payment/get-payment-config';
import {
  ZVerifyPaymentErrorResponse,
  ZVerifyPaymentRequest,
  ZVerifyPaymentResponse,
} from '@velvet/contracts/payment/verify-payment';
import { API_PATHS } from '@velvet/contracts/routes';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { WebhookSignatureError } from '../../providers/payments/index.ts';
import { completeCardPayment } from '../../services/payments/complete-card-payment.ts';
import { handleCardWebhook } from '../../services/payments/handle-card-webhook.ts';
import { startCardPayment } from '../../services/payments/start-card-payment.ts';
import { startCheckout } from '../../services/payments/start-checkout.ts';
import { verifyCheckout } from '../../services/payments/verify-checkout.ts';
import verotelRoutes from './verotel.ts';

// 400 and 401 are documented from the guard and the input (plugins/external/swagger.ts); 503: cards
// are not configured on this server.
const unavailable = { 503: ZErrorResponse };

/** The webhook's answer to the processor: `handled` is the event type it acted on (or `ignored`). */
const ZPaymentWebhookResponse = z.object({ received: z.literal(true), handled: z.string() });

function isErrorBody(payload: unknown): payload is { status: 'error'; message: string; error?: string } {
  return typeof payload === 'object' && payload !== null && (payload as { status?: unknown }).status === 'error';
}

const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, redis, config } = app.services;
  const deps = { db, redis, cards: app.services.cardPayments };
  const viewer = (request: FastifyRequest) => (request.user as { sub?: string } | undefined)?.sub ?? null;

  app.get(
    API_PATHS.paymentConfig,
    {
      schema: {
        tags: ['payments'],
        operationId: 'getPaymentConfig',
        summary: 'Card payment settings (null: cards unavailable)',
        response: { 200: ZGetPaymentConfigResponse },
      },
    },
    async () => ({
      card: deps.cards
        ? { provider: deps.cards.name, public_key: deps.cards.publicKey, checkout: deps.cards.checkout }
        : null,
    }),
  );

  app.post(
    API_PATHS.createIntent,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['payments'],
        operationId: 'createPaymentIntent',
        summary: 'Start a card payment (priced by the server; a different client amount is refused)',
        body: ZCreateIntentRequest,
        // 409: this processor takes cards only on its own page (the checkout session).
        response: { 200: ZCreateIntentResponse, 409: ZErrorResponse, ...unavailable },
      },
    },
    async (request) => startCardPayment(deps, request.user.sub, request.body),
  );

  app.post(
    API_PATHS.createCheckout,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['payments'],
        operationId: 'createCheckoutSession',
        summary: "Start a card payment on the processor's hosted checkout page",
        body: ZCreateCheckoutRequest,
        response: { 200: ZCreateCheckoutResponse, ...unavailable },
      },
    },
    async (request) => {
      const origin = config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
      return startCheckout(deps, request.user.sub, request.body, origin.replace(/\/$/, ''));
    },
  );

  app.post(
    API_PATHS.completePayment,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['payments'],
        operationId: 'completePayment',
        summary: 'After the card modal: check the payment with the processor and grant it (once)',
        body: ZCompletePaymentRequest,
        response: { 200: ZCompletePaymentResponse, 404: ZErrorResponse, 409: ZErrorResponse, ...unavailable },
      },
    },
    async (request) => completeCardPayment(deps, request.user.sub, request.body.paymentIntentId),
  );

  app.post(
    API_PATHS.verifyPayment,
    {
      onRequest: app.identify,
      // The spec's page reads `error`: every error body of this route carries it, the shared
      // handler's (a malformed body, 400) included.
      preSerialization: async (_request, reply, payload: unknown) =>
        reply.statusCode >= 400 && isErrorBody(payload) && payload.error === undefined
          ? { ...payload, error: payload.message }
          : payload,
      schema: {
        tags: ['payments'],
        operationId: 'verifyCheckoutSession',
        summary: 'The /payment-success page: check the checkout session and grant it (once)',
        body: ZVerifyPaymentRequest,
        response: {
          200: ZVerifyPaymentResponse,
          400: ZVerifyPaymentErrorResponse,
          401: ZErrorResponse,
          402: ZVerifyPaymentErrorResponse,
          404: ZVerifyPaymentErrorResponse,
          409: ZVerifyPaymentErrorResponse,
          503: ZVerifyPaymentErrorResponse,
        },
      },
    },
    async (request, reply) => {
      try {
        return await verifyCheckout(deps, viewer(request), request.body.session_id);
      } catch (error) {
        // The spec's page shows `error`: the same text as `message`.
        if (error instanceof AppError) {
          return reply
            .code(error.statusCode as 400 | 402 | 404 | 409 | 503)
            .send({ status: 'error', message: error.message, error: error.message });
        }
        throw error;
      }
    },
  );

  await app.register(verotelRoutes);

  // The processor's signature covers the exact bytes, so this route keeps the raw body.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      API_PATHS.paymentWebhook,
      {
        schema: {
          tags: ['payments'],
          operationId: 'receivePaymentWebhook',
          summary: "The card processor's signed events (raw body, checked against the Stripe-Signature header)",
          response: {
            200: ZPaymentWebhookResponse,
            400: ZErrorResponse,
            ...unavailable,
          },
        },
      },
      async (request, reply) => {
        const signature = request.headers['stripe-signature'];
        try {
          const handled = await handleCardWebhook(
            deps,
            request.body as Buffer,
            Array.isArray(signature) ? signature[0] : signature,
          );
          return { received: true, handled };
        } catch (error) {
          if (error instanceof WebhookSignatureError) {
            return reply
              .code(400)
              .send({ status: 'error', message: `Webhook signature check failed: ${error.message}` });
          }
          throw error;
        }
      },
    );
  });
};

export default paymentRoutes;
