// Where 'Buy Coins' in the wallet modal sends a member who has no crypto yet (spec section 4): an
// exchange's page for the coin, priced in US$, opened in a new tab. Ethereum and Ripple have their own
// page; anything else gets the exchange's generic buy page. Change the exchange here and only here.
import type { CryptoCoin } from '@velvet/contracts/options';

export const EXCHANGE = {
  name: 'Coinbase',
  /** Prices on these pages are shown in this currency. */
  currency: 'USD',
  generic: 'https://www.coinbase.com/buy',
  perCoin: {
    ETH: 'https://www.coinbase.com/price/ethereum',
    XRP: 'https://www.coinbase.com/price/xrp',
  } as Partial<Record<CryptoCoin, string>>,
} as const;

/** The exchange page for buying `coin`. */
export function exchangeUrlFor(coin: CryptoCoin): string {
  return EXCHANGE.perCoin[coin] ?? EXCHANGE.generic;
}
