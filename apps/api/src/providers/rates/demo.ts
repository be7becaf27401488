// DEMO ONLY: fixed prices so a local demo quotes amounts without network access. Refused in
// production (select.ts). Round numbers make the demo's amounts easy to recognise.
import type { PriceFeed } from './index.ts';

export const DEMO_USD_PRICES = { BTC: '50000.00', ETH: '2500.00', XRP: '0.50' } as const;

export function createDemoFeed(): PriceFeed {
  return {
    name: 'demo',
    async fetchUsdPrices(coins) {
      return Object.fromEntries(coins.map((c) => [c, DEMO_USD_PRICES[c]])) as Record<(typeof coins)[number], string>;
    },
  };
}
