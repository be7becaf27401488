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
import { createDeposit, requireChain } from '../../services/deposits/create-deposit.ts';
import { getMemberDeposit } from '../../services/deposits/deposit-views.ts';
import type { DepositDeps } from '../../services/deposits/deps.ts';
import { coinsPerDollar, currentUsdRate } from '../../services/deposits/rates.ts';

// 400 and 401 are documented from the guard and the input (plugins/external/swagger.ts).
const unavailable = { 503: ZErrorResponse };

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
      requireChain(deps, request.params.coin);
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
    async (request) => createDeposit(deps, request.user.sub, request.params.coin, request.body),
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
};

export default walletRoutes;
