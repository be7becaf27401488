import { ZErrorResponse } from '@velvet/contracts/common';
import {
  ZCreateWalletParams,
  ZCreateWalletRequest,
  ZCreateWalletResponse,
} from '@velvet/contracts/payment/create-wallet';
import { ZGetDepositParams, ZGetDepositResponse } from '@velvet/contracts/payment/get-deposit';
import { ZQueryRateRequest, ZQueryRateResponse } from '@velvet/contracts/payment/query-rate';
import { API_PATHS } from '@velvet/contracts/routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WebhookSignatureError } from '../../providers/payments/index.ts';
import { IpnPayloadError } from '../../providers/payments/nowpayments/ipn.ts';
import { createDeposit, requireCoin } from '../../services/deposits/create-deposit.ts';
import { getMemberDeposit } from '../../services/deposits/deposit-views.ts';
import type { DepositDeps } from '../../services/deposits/deps.ts';
import { handleNowPaymentsIpn } from '../../services/deposits/nowpayments-ipn.ts';
import { coinsPerDollar, currentUsdRate } from '../../services/deposits/rates.ts';

// 400 and 401 are documented from the guard and the input (plugins/external/swagger.ts).
const unavailable = { 503: ZErrorResponse };

/** The IPN's answer to NOWPayments: what was done (credited, updated, review) or ignored, and why. */
const ZNowPaymentsIpnResponse = z.object({
  received: z.literal(true),
  handled: z.enum(['credited', 'updated', 'review', 'ignored']),
  reason: z.string().optional(),
});

/** A refused IPN's parameters for the log (the body as sent; the IPN secret is never in it). */
function ipnFields(body: Buffer): Record<string, unknown> | string {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : String(parsed);
  } catch {
    return body.toString('utf8').slice(0, 500);
  }
}

/** Crypto payments (docs/payments-crypto.md): the rate, a deposit address, a deposit's status. */
const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  // Chains and the price feed come from the composition root (a bad key already stopped start-up).
  const deps: DepositDeps = app.services;

  app.post(
    API_PATHS.queryRate,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['wallet'],
        operationId: 'getCoinRate',
        summary: 'How many units of the coin one US$ buys (admin override, else the price feed, cached a minute)',
        params: ZQueryRateRequest,
        response: { 200: ZQueryRateResponse, ...unavailable },
      },
    },
    async (request) => {
      requireCoin(deps, request.params.coin);
      return { coin_cnt_per_dollar: coinsPerDollar(await currentUsdRate(deps, request.params.coin)) };
    },
  );

  app.post(
    API_PATHS.createWallet,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['wallet'],
        operationId: 'createDepositAddress',
        summary: 'A deposit address and the amount to send (priced by the server; XRP adds a destination tag)',
        params: ZCreateWalletParams,
        body: ZCreateWalletRequest,
        response: { 200: ZCreateWalletResponse, 429: ZErrorResponse, ...unavailable },
      },
    },
    async (request) =>
      createDeposit(deps, request.user.sub, request.params.coin, request.body, new Date(), {
        // Where the hosted gateway's IPNs go, as the card checkout builds its return URLs.
        origin: (deps.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/$/, ''),
        log: request.log,
      }),
  );

  app.get(
    API_PATHS.getDeposit,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['wallet'],
        operationId: 'getDeposit',
        summary: "The member's deposit: status (pending, seen, confirmed, credited, expired, failed) and amounts",
        params: ZGetDepositParams,
        response: { 200: ZGetDepositResponse, 404: ZErrorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getMemberDeposit(deps, request.user.sub, request.params.id);
    },
  );

  // NOWPayments signs the body it sent, so this route keeps the raw bytes (as the card webhook does).
  await app.register(async (ipn) => {
    ipn.removeAllContentTypeParsers();
    ipn.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    ipn.post(
      API_PATHS.nowPaymentsIpn,
      {
        schema: {
          tags: ['wallet'],
          operationId: 'receiveNowPaymentsIpn',
          summary:
            "The hosted crypto gateway's signed payment notifications (raw JSON body, checked against x-nowpayments-sig)",
          response: { 200: ZNowPaymentsIpnResponse, 400: ZErrorResponse, ...unavailable },
        },
      },
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        try {
          const result = await handleNowPaymentsIpn(deps, body, request.headers['x-nowpayments-sig'], request.log);
          return {
            received: true as const,
            handled: result.handled,
            ...(result.reason ? { reason: result.reason } : {}),
          };
        } catch (error) {
          if (error instanceof WebhookSignatureError || error instanceof IpnPayloadError) {
            // Forged, tampered, unsigned or unreadable: nothing changed. The secret is never logged.
            request.log.warn({ reason: error.message, params: ipnFields(body) }, 'NOWPayments IPN refused');
            // The field at fault: the signature header, unless the body itself could not be read.
            const signatureAtFault = error instanceof WebhookSignatureError && !/malformed-body/.test(error.message);
            return reply.code(400).send({
              status: 'error',
              message: error.message,
              ...(signatureAtFault ? { field: 'x-nowpayments-sig' } : {}),
            });
          }
          throw error;
        }
      },
    );
  });
};

export default walletRoutes;
