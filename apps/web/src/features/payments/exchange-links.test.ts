import { describe, expect, it } from 'vitest';
import { EXCHANGE, exchangeUrlFor } from './exchange-links.ts';

describe("'Buy Coins' exchange page", () => {
  it('Ethereum and Ripple have their own page', () => {
    expect(exchangeUrlFor('ETH')).toBe('https://www.coinbase.com/price/ethereum');
    expect(exchangeUrlFor('XRP')).toBe('https://www.coinbase.com/price/xrp');
  });

  it('anything else gets the generic page', () => {
    expect(exchangeUrlFor('BTC')).toBe(EXCHANGE.generic);
  });

  it('every page is https and priced in US$', () => {
    expect(EXCHANGE.currency).toBe('USD');
    for (const coin of ['BTC', 'ETH', 'XRP'] as const) expect(exchangeUrlFor(coin)).toMatch(/^https:\/\//);
  });
});
