// A local stand-in for the price APIs: CoinGecko's GET /simple/price?ids=...&vs_currencies=usd and
// Coinbase's GET /v2/prices/<COIN>-USD/spot. Control: POST /__control/price { coin, usd },
// POST /__control/fail { status } | { hang: true } | {}.
import { startControlServer, failureFrom, type ControlServer } from './control-server.ts';

type Coin = 'BTC' | 'ETH' | 'XRP';
const IDS: Record<Coin, string> = { BTC: 'bitcoin', ETH: 'ethereum', XRP: 'ripple' };

export interface FakePriceFeed extends ControlServer {
  setPrice(coin: Coin, usd: string): void;
  /** Protocol requests answered so far (control calls not counted). */
  calls(): number;
}

export async function startFakePriceFeed(
  opts: { port?: number; prices?: Partial<Record<Coin, string>> } = {},
): Promise<FakePriceFeed> {
  const prices: Record<Coin, string> = { BTC: '60000', ETH: '3000', XRP: '0.6', ...opts.prices };
  const server = await startControlServer(
    (req) => {
      if (req.path === '/simple/price') {
        const ids = (req.query.get('ids') ?? '').split(',');
        if (req.query.get('vs_currencies') !== 'usd') return { status: 400, body: { error: 'vs_currencies' } };
        const body: Record<string, { usd: number }> = {};
        for (const [coin, id] of Object.entries(IDS))
          if (ids.includes(id)) body[id] = { usd: Number(prices[coin as Coin]) };
        return { status: 200, body };
      }
      const spot = /^\/v2\/prices\/(BTC|ETH|XRP)-USD\/spot$/.exec(req.path);
      if (spot)
        return { status: 200, body: { data: { amount: prices[spot[1] as Coin], base: spot[1], currency: 'USD' } } };
      return { status: 404, body: { error: 'not found' } };
    },
    {
      'POST /price': (req) => {
        const { coin, usd } = req.json as { coin: Coin; usd: string };
        prices[coin] = String(usd);
        return { status: 200, body: { ok: true } };
      },
      'POST /fail': (req) => {
        server.fail(failureFrom(req.json));
        return { status: 200, body: { ok: true } };
      },
    },
    opts.port,
  );
  return {
    ...server,
    setPrice(coin, usd) {
      prices[coin] = usd;
    },
    calls: () => server.requests.length,
  };
}
