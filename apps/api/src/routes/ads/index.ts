import { ZGetAdsConfigResponse } from '@velvet/contracts/ads/get-ads-config';
import { API_PATHS } from '@velvet/contracts/routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const adRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.services;
  app.get(
    API_PATHS.adsConfig,
    {
      schema: {
        tags: ['ads'],
        operationId: 'getAdsConfig',
        summary: 'Ad zones of this deployment (null: the house promo is shown)',
        response: { 200: ZGetAdsConfigResponse },
      },
    },
    async () => ({ iframe_url: config.ADS_IFRAME_URL ?? null, vast_url: config.ADS_VAST_URL ?? null }),
  );
};

export default adRoutes;
