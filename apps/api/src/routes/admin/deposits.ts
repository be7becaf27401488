// The support console's crypto deposits and rate override (issue 15, docs/support.md "Deposits and
// payments", docs/payments-crypto.md), moved here from routes/wallet/admin.ts on the same paths.
// Support or admin; a decision needs a note and is audited.
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
import { consoleActor } from './actor.ts';

// 400, 401 and 403 are documented from the guard and the input (plugins/external/swagger.ts).
const tags = ['admin'];

const depositsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: DepositDeps = app.services;

  app.get(
    API_PATHS.adminDeposits,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'listDeposits',
        summary: 'Crypto deposits, newest first (needs_review=true: what support has to decide)',
        querystring: ZListDepositsRequest,
        response: { 200: ZListDepositsResponse },
      },
    },
    async (request) => listDepositsForSupport(deps, request.query),
  );

  app.patch(
    API_PATHS.adminDepositItem,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'reviewDeposit',
        summary: 'Decide a deposit with a note: credit it (exactly once) or refuse it',
        params: ZDepositIdParams,
        body: ZReviewDepositRequest,
        response: { 200: ZReviewDepositResponse, 404: ZErrorResponse, 409: ZErrorResponse },
      },
    },
    async (request) => reviewDeposit(deps, consoleActor(request), request.params.id, request.body),
  );

  // The rate override changes what every member pays: admins only, as before.
  app.get(
    API_PATHS.adminRates,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
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
        tags,
        operationId: 'setRateOverride',
        summary: 'Set a rate override (US$ per coin) that wins over the price feed until cleared (admin)',
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
        tags,
        operationId: 'clearRateOverride',
        summary: 'Clear the rate override: the price feed answers again (admin)',
        params: ZRateCoinParams,
        response: { 200: ZSetRateResponse },
      },
    },
    async (request) => ({ status: 'ok' as const, rate: await clearRateOverride(deps, request.params.coin) }),
  );
};

export default depositsRoutes;
