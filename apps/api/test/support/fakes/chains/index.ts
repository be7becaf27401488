// Every fake the crypto payments talk to, started together, with the environment that points the app
// at them. e2e/global-setup.ts can `startFakeChains()` and pass `env` to the stack; a browser test
// then pays through the control API, e.g.
//   POST <esplora>/__control/pay  { "address": "bc1q...", "amount": "0.0001", "confirmations": 0 }
//   POST <esplora>/__control/mine { "blocks": 2 }
//   POST <ethereum>/__control/pay { "address": "0x...", "amount": "0.01", "confirmations": 12 }
//   POST <rippled>/__control/pay  { "tag": 7, "amount": "25" }
import { DEMO_XRP_ADDRESS } from '../../../../src/providers/chains/demo.ts';
import { startFakeEsplora, type FakeEsplora } from './esplora.ts';
import { startFakeEthereum, type FakeEthereum } from './ethereum-rpc.ts';
import { startFakePriceFeed, type FakePriceFeed } from './price-feed.ts';
import { startFakeRippled, type FakeRippled } from './rippled.ts';

export { startFakeEsplora, startFakeEthereum, startFakePriceFeed, startFakeRippled };
export type { FakeEsplora, FakeEthereum, FakePriceFeed, FakeRippled };

export interface FakeChains {
  esplora: FakeEsplora;
  ethereum: FakeEthereum;
  rippled: FakeRippled;
  prices: FakePriceFeed;
  /** Environment for the API and the worker (chain URLs, the price feed, the XRP address). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Starts the four fakes. With no keys configured (demo mode, not production) the app derives the demo
 * test-vector addresses and these fakes watch them; `xrpAccount` must be the XRP_DEPOSIT_ADDRESS the
 * app uses (default: the demo address).
 */
export async function startFakeChains(opts: { xrpAccount?: string; basePort?: number } = {}): Promise<FakeChains> {
  const account = opts.xrpAccount ?? DEMO_XRP_ADDRESS;
  // Fixed ports (basePort .. basePort+3) when asked, so a .env can name them; free ports otherwise.
  const port = (offset: number) => (opts.basePort ? { port: opts.basePort + offset } : {});
  const [esplora, ethereum, rippled, prices] = await Promise.all([
    startFakeEsplora(port(0)),
    startFakeEthereum(port(1)),
    startFakeRippled({ account, ...port(2) }),
    startFakePriceFeed(port(3)),
  ]);
  return {
    esplora,
    ethereum,
    rippled,
    prices,
    env: {
      BTC_ESPLORA_URL: esplora.url,
      ETH_RPC_URL: ethereum.url,
      XRP_RPC_URL: rippled.url,
      RATE_FEED: 'coingecko',
      RATE_FEED_URL: prices.url,
      DEPOSIT_WATCH_INTERVAL_SECONDS: '2',
    },
    async stop() {
      await Promise.all([esplora.close(), ethereum.close(), rippled.close(), prices.close()]);
    },
  };
}
