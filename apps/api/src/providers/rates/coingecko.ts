// CoinGecko's simple price API: GET /simple/price?ids=bitcoin,ethereum,ripple&vs_currencies=usd, one
// call for every coin. Works without a key (rate-limited); a demo key goes in x-cg-demo-api-key and a
// pro key (with the pro-api.coingecko.com base URL) in x-cg-pro-api-key.
import type { CryptoCoin } from '@velvet/contracts/options';
import { createJsonHttp, joinUrl } from '../../lib/http.ts';
import { PriceFeedError, priceText, type PriceFeed } from './index.ts';

const { getJson } = createJsonHttp((message) => new PriceFeedError(message));

const IDS: Record<CryptoCoin, string> = { BTC: 'bitcoin', ETH: 'ethereum', XRP: 'ripple' };
export const COINGECKO_URL = 'https://api.coingecko.com/api/v3';

export function createCoinGeckoFeed(opts: { baseUrl?: string; apiKey?: string; timeoutMs: number }): PriceFeed {
  const baseUrl = opts.baseUrl ?? COINGECKO_URL;
  const keyHeader = baseUrl.includes('pro-api') ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key';
  return {
    name: 'coingecko',
    async fetchUsdPrices(coins) {
      const ids = coins.map((c) => IDS[c]).join(',');
      const url = joinUrl(baseUrl, `simple/price?ids=${ids}&vs_currencies=usd`);
      let body: unknown;
      try {
        body = await getJson(url, {
          timeoutMs: opts.timeoutMs,
          ...(opts.apiKey ? { headers: { [keyHeader]: opts.apiKey } } : {}),
        });
      } catch (err) {
        throw new PriceFeedError(err instanceof Error ? err.message : String(err));
      }
      const prices = {} as Record<CryptoCoin, string>;
      for (const coin of coins) {
        const entry = (body as Record<string, { usd?: unknown } | undefined> | null)?.[IDS[coin]];
        prices[coin] = priceText(entry?.usd, `CoinGecko ${IDS[coin]}`);
      }
      return prices;
    },
  };
}
