import { cryptoDemoEnabled } from '../../config/crypto-demo.ts';
import type { AppConfig } from '../../config/env.ts';
import { createCoinbaseFeed } from './coinbase.ts';
import { createCoinGeckoFeed } from './coingecko.ts';
import { createDemoFeed } from './demo.ts';
import type { PriceFeed } from './index.ts';

export type RateFeedConfig = Pick<
  AppConfig,
  'NODE_ENV' | 'CRYPTO_DEMO' | 'RATE_FEED' | 'RATE_FEED_URL' | 'RATE_FEED_API_KEY' | 'RATE_FEED_TIMEOUT_MS'
>;

/** RATE_FEED, defaulting to the fixed demo prices in demo mode and to CoinGecko otherwise. */
export function createPriceFeed(config: RateFeedConfig): PriceFeed {
  const feed = config.RATE_FEED ?? (cryptoDemoEnabled(config) ? 'demo' : 'coingecko');
  const base = {
    timeoutMs: config.RATE_FEED_TIMEOUT_MS,
    ...(config.RATE_FEED_URL ? { baseUrl: config.RATE_FEED_URL } : {}),
  };
  switch (feed) {
    case 'demo':
      if (config.NODE_ENV === 'production') {
        throw new Error('Invalid configuration:\n  RATE_FEED: demo prices are not allowed in production');
      }
      return createDemoFeed();
    case 'coinbase':
      return createCoinbaseFeed(base);
    case 'coingecko':
      return createCoinGeckoFeed({
        ...base,
        ...(config.RATE_FEED_API_KEY ? { apiKey: config.RATE_FEED_API_KEY } : {}),
      });
  }
}
