// The ad zones of this deployment (GET /api/ads/config): an iframe embed and a VAST splash ad, either
// of which may be missing (null).
import type { TGetAdsConfigResponse } from '@velvet/contracts/ads/get-ads-config';
import { API_PATHS } from '@velvet/contracts/routes';
import { api, endpointPath } from '../../lib/api.ts';

export const adsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdsConfig: build.query<TGetAdsConfigResponse, void>({
      query: () => endpointPath(API_PATHS.adsConfig),
      // A deployment setting: read once per visit.
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetAdsConfigQuery } = adsApi;
