// Coinbase's public spot price: GET /v2/prices/BTC-USD/spot -> { data: { amount: "64000.12" } } (text,
// so no float at all). One call per coin.
import { createJsonHttp, joinUrl } from '../../lib/http.ts';
import { PriceFeedError, priceText, type PriceFeed } from './index.ts';
import type { CryptoCoin } from '@velvet/contracts/options';

const { getJson } = createJsonHttp((message) => new PriceFeedError(message));

export const COINBASE_URL = 'https://api.coinbase.com';

export function createCoinbaseFeed(opts: { baseUrl?: string; timeoutMs: number }): PriceFeed {
  const baseUrl = opts.baseUrl ?? COINBASE_URL;
  return {
    name: 'coinbase',
    async fetchUsdPrices(coins) {
      const entries = await Promise.all(
        coins.map(async (coin) => {
          let body: unknown;
          try {
            body = await getJson(joinUrl(baseUrl, `v2/prices/${coin}-USD/spot`), { timeoutMs: opts.timeoutMs });
          } catch (err) {
            throw new PriceFeedError(err instanceof Error ? err.message : String(err));
          }
          return [
            coin,
            priceText((body as { data?: { amount?: unknown } } | null)?.data?.amount, `Coinbase ${coin}`),
          ] as const;
        }),
      );
      return Object.fromEntries(entries) as Record<CryptoCoin, string>;
    },
  };
}
