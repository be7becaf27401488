// What an ad slot shows: the configured ad of its kind, or the house promo when that kind has no zone
// (or its ad failed). Pure, for the tests.
import type { TGetAdsConfigResponse } from '@velvet/contracts/ads/get-ads-config';
import { COIN_PACKS, PLANS, type CoinPack, type Plan } from '@velvet/contracts/catalog';

export type AdKind = 'iframe' | 'vast';

export type AdContent = { type: 'iframe'; url: string } | { type: 'vast'; url: string } | { type: 'promo' };

export function adContentFor(kind: AdKind, config: TGetAdsConfigResponse | undefined | null): AdContent {
  const url = kind === 'iframe' ? config?.iframe_url : config?.vast_url;
  return url ? { type: kind, url } : { type: 'promo' };
}

/**
 * The iframe's sandbox: scripts and pop-ups (a click opens the advertiser in a new tab). A frame from
 * another origin may keep its own origin (networks need their cookies and storage); one from the app's
 * own origin never does, since scripts plus same-origin could lift the sandbox.
 */
function isCrossOrigin(url: string, appOrigin: string): boolean {
  try {
    return new URL(url, appOrigin).origin !== appOrigin;
  } catch {
    return false;
  }
}

export function iframeSandbox(url: string, appOrigin: string): string {
  const base = ['allow-scripts', 'allow-popups', 'allow-popups-to-escape-sandbox'];
  return (isCrossOrigin(url, appOrigin) ? [...base, 'allow-same-origin'] : base).join(' ');
}

export interface PromoContent {
  /** Cheapest coin pack and the best-value one. */
  starterPack: CoinPack;
  biggestPack: CoinPack;
  /** The plan marked Most Popular, and the lowest monthly price when billed yearly. */
  popularPlan: Plan;
  lowestYearlyPrice: number;
}

export function promoContent(): PromoContent {
  const byPrice = [...COIN_PACKS].sort((a, b) => a.price - b.price);
  const popular = PLANS.find((plan) => plan.isPopular) ?? PLANS[0];
  if (!popular || byPrice.length === 0) throw new Error('catalog has no plans or coin packs');
  return {
    starterPack: byPrice[0] as CoinPack,
    biggestPack: byPrice[byPrice.length - 1] as CoinPack,
    popularPlan: popular,
    lowestYearlyPrice: Math.min(...PLANS.map((plan) => plan.yearlyPrice)),
  };
}

/** Coins as shown on the promo: 3,600 / 12,000. */
export function formatCoins(amount: number): string {
  return amount.toLocaleString('en-US');
}
