// Price feeds: US$ per coin from a market data API. One file per feed (coingecko.ts, coinbase.ts,
// demo.ts). Prices are decimal text, never floats kept around; the rates service caches them (Redis)
// and lets an admin override win (services/deposits/rates.ts).
import type { CryptoCoin } from '@velvet/contracts/options';

export interface PriceFeed {
  /** coingecko | coinbase | demo */
  name: string;
  /** US$ per coin as decimal text, for each coin asked. Throws PriceFeedError. */
  fetchUsdPrices(coins: readonly CryptoCoin[]): Promise<Record<CryptoCoin, string>>;
}

export class PriceFeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PriceFeedError';
  }
}

/** A feed's number as decimal text; refuses zero, negatives, NaN and exponents we cannot store. */
export function priceText(value: unknown, what: string): string {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(8) : '') : String(value ?? '');
  if (!/^\d+(\.\d+)?$/.test(text) || !/[1-9]/.test(text))
    throw new PriceFeedError(`${what}: not a positive price (${String(value)})`);
  return text;
}
