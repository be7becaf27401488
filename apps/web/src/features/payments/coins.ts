// The crypto options of the method chooser (spec section 2): display names in the spec's words.
import { CRYPTO } from '@velvet/contracts/catalog';
import type { CryptoCoin } from '@velvet/contracts/options';

export const CRYPTO_COIN_NAMES: Record<CryptoCoin, string> = {
  BTC: 'Bitcoin',
  ETH: 'Ethereum',
  XRP: 'Ripple',
};

/** The chooser's order: the contracts' list, Bitcoin (the default) first. */
export const CRYPTO_OPTIONS: readonly { coin: CryptoCoin; name: string }[] = CRYPTO.coins.map((coin) => ({
  coin,
  name: CRYPTO_COIN_NAMES[coin],
}));

/** Coins whose deposits need a destination tag besides the address (shared exchange addresses). */
export function needsDestinationTag(coin: CryptoCoin): boolean {
  return coin === 'XRP';
}
