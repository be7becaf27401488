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

const security = [{ bearerAuth: [] }];
const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};

/** Support's side of crypto payments: deposits to review, and the rate override. Admins only. */
const walletAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: DepositDeps = app.services;

  app.get(
    API_PATHS.adminDeposits,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Crypto deposits, newest first (needs_review=true: what support has to look at)',
        security,
        querystring: ZListDepositsRequest,
        response: { 200: ZListDepositsResponse, ...errors },
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
        summary: 'Resolve a deposit: credit it (once) or close it, with a note',
        security,
        params: ZDepositIdParams,
        body: ZReviewDepositRequest,
        response: { 200: ZReviewDepositResponse, ...errors },
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
        summary: 'The rate each coin uses now, its source, and any override',
        security,
        response: { 200: ZListRatesResponse, ...errors },
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
        summary: 'Set a rate override (US$ per coin) that wins over the price feed until cleared',
        security,
        params: ZRateCoinParams,
        body: ZSetRateRequest,
        response: { 200: ZSetRateResponse, ...errors },
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
        summary: 'Clear the rate override: the price feed answers again',
        security,
        params: ZRateCoinParams,
        response: { 200: ZSetRateResponse, ...errors },
      },
    },
    async (request) => ({ status: 'ok' as const, rate: await clearRateOverride(deps, request.params.coin) }),
  );
};

export default walletAdminRoutes;
