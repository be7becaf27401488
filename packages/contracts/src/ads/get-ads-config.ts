// GET /api/ads/config (public): the ad network zones the grids show, a deployment setting read at
// runtime. Every 19th grid slot is an ad, alternating two kinds: an iframe embed and a splash ad read
// from the network's VAST XML. A kind that is not configured (null) shows the house promo for coin
// packs and plans instead.
import { z } from 'zod';

export const ZGetAdsConfigResponse = z.object({
  /** URL of the network's iframe embed for the configured zone. */
  iframe_url: z.string().nullable(),
  /** URL of the VAST XML of the splash zone (static resource + click-through). */
  vast_url: z.string().nullable(),
});
export type TGetAdsConfigResponse = z.infer<typeof ZGetAdsConfigResponse>;

/** The spec's ad error messages (originally in another language). */
export const AD_ERRORS = {
  extract: 'could not extract ad data',
  load: 'error loading ad',
  timeout: 'ad load timed out',
} as const;
