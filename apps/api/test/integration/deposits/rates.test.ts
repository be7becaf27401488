// POST /api/v2/wallet/query/:coin against a local fake of the price APIs: the feed's price, cached a
// minute in Redis, a stale copy only while the feed fails, 503 with nothing at all, and the admin
// override that wins until cleared.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';
import type { FakeChains } from '../../support/fakes/chains/index.ts';
import { admin, clearRates, cryptoEnv, member, startCryptoApp } from './helpers.ts';

describe('wallet rate', () => {
  let fakes: FakeChains;
  let t: TestApp;
  let headers: Record<string, string>;
  let adminHeaders: Record<string, string>;

  beforeAll(async () => {
    ({ fakes, t } = await startCryptoApp());
    headers = (await member(t)).headers;
    adminHeaders = await admin(t);
  });
  afterAll(async () => {
    // Files share the database: leave no override behind to price another file's deposits.
    await t.services.db.cryptoRateOverride.deleteMany();
    await t.close();
    await fakes.stop();
  });
  beforeEach(async () => {
    fakes.prices.fail(null);
    fakes.prices.setPrice('BTC', '60000');
    await clearRates(t);
    await t.services.db.cryptoRateOverride.deleteMany();
  });

  const query = (coin: string, h = headers) =>
    t.app.inject({ method: 'POST', url: `/api/v2/wallet/query/${coin}`, headers: h });

  it('answers coins per dollar from the feed, then from the cache for a minute', async () => {
    const before = fakes.prices.calls();
    const first = await query('BTC');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ coin_cnt_per_dollar: 1 / 60000 });
    expect(fakes.prices.calls()).toBe(before + 1);
    const asked = fakes.prices.requests.at(-1)!;
    expect(asked.path).toBe('/simple/price');
    expect(asked.query.get('ids')).toBe('bitcoin,ethereum,ripple');

    fakes.prices.setPrice('BTC', '30000');
    expect((await query('BTC')).json().coin_cnt_per_dollar).toBe(1 / 60000);
    // One feed call fetched every coin.
    expect((await query('XRP')).json().coin_cnt_per_dollar).toBe(1 / 0.6);
    expect(fakes.prices.calls()).toBe(before + 1);

    // A minute later the feed is asked again.
    await ageCache(61);
    expect((await query('BTC')).json().coin_cnt_per_dollar).toBe(1 / 30000);
    expect(fakes.prices.calls()).toBe(before + 2);
  });

  it('uses a recent copy while the feed fails, and answers 503 when there is none', async () => {
    expect((await query('ETH')).statusCode).toBe(200);
    await ageCache(120);
    fakes.prices.fail({ status: 500 });
    const stale = await query('ETH');
    expect(stale.statusCode).toBe(200);
    expect(stale.json().coin_cnt_per_dollar).toBe(1 / 3000);

    await ageCache(11 * 60);
    const tooOld = await query('ETH');
    expect(tooOld.statusCode).toBe(503);
    expect(tooOld.json()).toEqual({
      status: 'error',
      message: 'Ethereum prices are unavailable right now. Please try again in a minute.',
    });
  });

  it.each([
    ['a 4xx', { status: 429 }],
    ['a 5xx', { status: 502 }],
    ['a timeout', 'hang'],
  ] as const)('answers 503 on %s from the feed with no cache', async (_what, mode) => {
    fakes.prices.fail(mode);
    const res = await query('BTC');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Bitcoin prices are unavailable right now. Please try again in a minute.');
  });

  it('lets an admin override win until it is cleared', async () => {
    const url = '/api/admin/rates/BTC';
    expect((await t.app.inject({ method: 'PUT', url, headers, payload: { usd_per_coin: '1' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url, payload: { usd_per_coin: '1' } })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'PUT', url, headers: adminHeaders, payload: { usd_per_coin: '-5' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('usd_per_coin');
    expect(
      (await t.app.inject({ method: 'PUT', url, headers: adminHeaders, payload: { usd_per_coin: '0' } })).statusCode,
    ).toBe(400);

    const set = await t.app.inject({ method: 'PUT', url, headers: adminHeaders, payload: { usd_per_coin: '40000.5' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().rate).toMatchObject({ coin: 'BTC', usd_per_coin: '40000.50000000', source: 'override' });

    fakes.prices.fail({ status: 500 });
    expect((await query('BTC')).json().coin_cnt_per_dollar).toBe(1 / 40000.5);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/rates', headers: adminHeaders });
    expect(list.json().feed).toBe('coingecko');
    expect(list.json().list.find((r: { coin: string }) => r.coin === 'BTC')).toMatchObject({
      source: 'override',
      override: { usd_per_coin: '40000.50000000' },
    });
    expect(list.json().list.find((r: { coin: string }) => r.coin === 'ETH')).toMatchObject({
      source: 'unavailable',
      usd_per_coin: null,
      override: null,
    });

    fakes.prices.fail(null);
    const cleared = await t.app.inject({ method: 'DELETE', url, headers: adminHeaders });
    expect(cleared.json().rate).toMatchObject({ source: 'feed', usd_per_coin: '60000.00000000', override: null });
    expect((await query('BTC')).json().coin_cnt_per_dollar).toBe(1 / 60000);
  });

  it('needs a signed-in member and a known coin', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/wallet/query/BTC' })).statusCode).toBe(401);
    const bad = await query('DOGE');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'coin', message: 'coin must be one of BTC, ETH or XRP' });
  });

  it('reads Coinbase spot prices with RATE_FEED=coinbase', async () => {
    const other = await createTestApp({ ...cryptoEnv(fakes), RATE_FEED: 'coinbase' });
    try {
      const h = (await member(other)).headers;
      const res = await other.app.inject({ method: 'POST', url: '/api/v2/wallet/query/XRP', headers: h });
      expect(res.json()).toEqual({ coin_cnt_per_dollar: 1 / 0.6 });
      expect(fakes.prices.requests.some((r) => r.path === '/v2/prices/XRP-USD/spot')).toBe(true);
    } finally {
      await other.close();
    }
  });

  /** Makes the cached prices look `seconds` old. */
  async function ageCache(seconds: number) {
    for (const key of await t.services.redis.keys('rates:usd:*')) {
      const value = JSON.parse((await t.services.redis.get(key))!) as { usd: string; at: number };
      await t.services.redis.set(key, JSON.stringify({ ...value, at: Date.now() - seconds * 1000 }), 'KEEPTTL');
    }
  }
});
