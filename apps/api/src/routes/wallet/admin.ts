import {
  ZDepositIdParams,
  ZListDepositsRequest,
  ZListDepositsResponse,
  ZReviewDepositRequest,
  ZReviewDepositResponse,
} from '@velvet/contracts/admin/deposits';
import { ZListRatesResponse, ZRateCoinParams, ZSetRateRequest, ZSetRateResponse } from '@velvet/contracts/admin/rates';
import { ZErrorResponse } from '@velvet/contracts/common';
import { API_PATHS } from '@velvet/contracts/routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listDepositsForSupport } from '../../services/deposits/deposit-views.ts';
import type { DepositDeps } from '../../services/deposits/deps.ts';
import { clearRateOverride, listRates, setRateOverride } from '../../services/deposits/rates.ts';
import { reviewDeposit } from '../../services/deposits/review-deposit.ts';

// 400, 401 and 403 (requireAdmin) are documented from the guard and the input (plugins/external/swagger.ts).

/** Support's side of crypto payments: deposits to review, and the rate override. Admins only. */
const walletAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: DepositDeps = app.services;

  app.get(
    API_PATHS.adminDeposits,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        operationId: 'listDeposits',
        summary: 'Crypto deposits, newest first (needs_review=true: what support has to look at)',
        querystring: ZListDepositsRequest,
        response: { 200: ZListDepositsResponse },
      },
    },
    async (request) => listDepositsForSupport(deps, request.query),
  );

  app.patch(
    API_PATHS.adminDepositItem,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        operationId: 'reviewDeposit',
        summary: 'Resolve a deposit: credit it (once) or close it, with a note',
        params: ZDepositIdParams,
        body: ZReviewDepositRequest,
        response: { 200: ZReviewDepositResponse, 404: ZErrorResponse, 409: ZErrorResponse },
      },
    },
    async (request) => reviewDeposit(deps, request.user.sub, request.params.id, request.body),
  );

  app.get(
    API_PATHS.adminRates,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        operationId: 'listRates',
        summary: 'The rate each coin uses now, its source, and any override',
        response: { 200: ZListRatesResponse },
      },
    },
    async () => listRates(deps),
  );

  app.put(
    API_PATHS.adminRateItem,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        operationId: 'setRateOverride',
        summary: 'Set a rate override (US$ per coin) that wins over the price feed until cleared',
        params: ZRateCoinParams,
        body: ZSetRateRequest,
        response: { 200: ZSetRateResponse },
      },
    },
    async (request) => ({
      status: 'ok' as const,
      rate: await setRateOverride(deps, request.params.coin, request.body.usd_per_coin, request.user.sub),
    }),
  );

  app.delete(
    API_PATHS.adminRateItem,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        operationId: 'clearRateOverride',
        summary: 'Clear the rate override: the price feed answers again',
        params: ZRateCoinParams,
        response: { 200: ZSetRateResponse },
      },
    },
    async (request) => ({ status: 'ok' as const, rate: await clearRateOverride(deps, request.params.coin) }),
  );
};

export default walletAdminRoutes;
