// Marks of the payment methods: simple round glyphs in each coin's customary colour. Decorative: the
// surrounding control carries the name.
import type { CryptoCoin } from '@velvet/contracts/options';

const COIN_COLOURS: Record<CryptoCoin, string> = {
  BTC: '#f7931a',
  ETH: '#627eea',
  XRP: '#23292f',
};

/** A coin's round mark: Bitcoin's B, Ethereum's diamond, the XRP cross. */
export function CoinMark({ coin, size = 32 }: { coin: CryptoCoin; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="16" fill={COIN_COLOURS[coin]} />
      {coin === 'BTC' ? (
        <path
          fill="#fff"
          d="M21.6 14.1c.3-2-1.2-3-3.3-3.7l.7-2.7-1.6-.4-.7 2.6-1.3-.3.7-2.6-1.6-.4-.7 2.7-1-.2-2.3-.6-.4 1.7s1.2.3 1.2.3c.7.2.8.6.8 1l-.8 3.1.2.1-.2-.1-1.1 4.4c-.1.2-.3.5-.8.4 0 0-1.2-.3-1.2-.3l-.8 1.8 2.1.5 1.1.3-.7 2.8 1.6.4.7-2.7 1.3.3-.7 2.7 1.6.4.7-2.8c2.8.5 4.9.3 5.8-2.2.7-2-.03-3.2-1.5-3.9 1.1-.3 1.9-1 2.1-2.5zm-3.7 5.2c-.5 2-3.9.9-5 .6l.9-3.6c1.1.3 4.6.8 4.1 3zm.5-5.3c-.5 1.8-3.3.9-4.2.7l.8-3.2c.9.2 3.9.7 3.4 2.5z"
        />
      ) : coin === 'ETH' ? (
        <g fill="#fff">
          <path fillOpacity=".6" d="M16.5 4v8.9l7.5 3.3z" />
          <path d="M16.5 4 9 16.2l7.5-3.3z" />
          <path fillOpacity=".6" d="M16.5 22v6l7.5-10.4z" />
          <path d="M16.5 28v-6L9 17.6z" />
          <path fillOpacity=".2" d="M16.5 20.6l7.5-4.4-7.5-3.3z" />
          <path fillOpacity=".6" d="M9 16.2l7.5 4.4v-7.7z" />
        </g>
      ) : (
        <path
          fill="none"
          stroke="#fff"
          strokeWidth="2.2"
          strokeLinecap="round"
          d="M9 9.5l4.3 4.1a3.9 3.9 0 0 0 5.4 0L23 9.5M9 22.5l4.3-4.1a3.9 3.9 0 0 1 5.4 0l4.3 4.1"
        />
      )}
    </svg>
  );
}
