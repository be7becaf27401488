// POST /api/v2/wallet/create/:coin: server-side pricing and quoting, validation naming the field,
// fresh addresses and tags that are never handed out twice (also under concurrency), coins that are
// not configured, and the member's deposit status call.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBitcoinAddressBook } from '../../../src/providers/chains/bitcoin.ts';
import { DEMO_BTC_ACCOUNT_ZPUB, DEMO_ETH_ACCOUNT_XPUB, DEMO_XRP_ADDRESS } from '../../../src/providers/chains/demo.ts';
import { createEthereumAddressBook } from '../../../src/providers/chains/ethereum.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import type { FakeChains } from '../../support/fakes/chains/index.ts';
import { clearRates, coinPack, depositRow, member, startCryptoApp, XRP_ADDRESS } from './helpers.ts';

describe('create wallet', () => {
  let fakes: FakeChains;
  let t: TestApp;
  let headers: Record<string, string>;
  let memberId: string;

  beforeAll(async () => {
    ({ fakes, t } = await startCryptoApp());
    const m = await member(t);
    headers = m.headers;
    memberId = m.member.id;
  });
  afterAll(async () => {
    await t.close();
    await fakes.stop();
  });
  beforeEach(() => clearRates(t));

  const create = (coin: string, payload: object, h = headers) =>
    t.app.inject({ method: 'POST', url: `/api/v2/wallet/create/${coin}`, headers: h, payload });

  it('quotes a coin pack from the catalogue at its own rate and records the deposit', async () => {
    // $5 at 60000 US$/BTC = 0.0000833333... BTC, rounded up to the satoshi.
    const before = Date.now();
    const res = await create('BTC', coinPack('BTC', '0.00008333'));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      request_coin_cnt: 0.00008334,
      request_coin_text: '0.00008334',
      destination_tag: null,
      coin: 'BTC',
      is_demo: false,
    });
    expect(body.wallet_address).toMatch(/^bc1q/);
    expect(body.instructions).toBe(`Send exactly 0.00008334 BTC to ${body.wallet_address}.`);
    const row = await depositRow(t, body.deposit_id);
    expect(row).toMatchObject({
      memberId,
      coin: 'BTC',
      address: body.wallet_address,
      serviceKind: 'coin',
      serviceTitle: '3600',
      periodUnit: '',
      coins: 3600,
      usdAmountCents: 500,
      status: 'pending',
      rateSource: 'coingecko',
    });
    expect(row.requestedAmount.toFixed(8)).toBe('0.00008334');
    expect(row.usdPerCoin?.toFixed(2)).toBe('60000.00');
    // The address is the account key's child at the recorded index.
    const book = createBitcoinAddressBook(DEMO_BTC_ACCOUNT_ZPUB, 'mainnet');
    expect(book.targetFor(row.derivationIndex!).address).toBe(body.wallet_address);
    const expires = new Date(body.expires_at).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 60 * 60_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 60 * 60_000 + 1000);
  });

  it('prices a yearly plan at the yearly price per month times 12', async () => {
    // Ultimate yearly: 13 x 12 = 156 US$ at 3000 US$/ETH = 0.052 ETH.
    const res = await create('ETH', {
      coin_type: 'ETH',
      period_unit: 'yearly',
      service_kind: 'membership',
      service_title: ' Ultimate ',
      request_coin_cnt: 0.052,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ request_coin_cnt: 0.052, request_coin_text: '0.05200000' });
    expect(res.json().wallet_address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const row = await depositRow(t, res.json().deposit_id);
    expect(row).toMatchObject({
      serviceKind: 'membership',
      serviceTitle: 'ultimate',
      periodUnit: 'yearly',
      coins: 500_000,
      usdAmountCents: 15_600,
    });
    expect(createEthereumAddressBook(DEMO_ETH_ACCOUNT_XPUB).targetFor(row.derivationIndex!).address).toBe(row.address);
  });

  it('gives XRP the one address and a destination tag, shown in the instructions', async () => {
    // Premium monthly: 11 US$ at 0.6 = 18.3333... XRP, rounded up to the drop.
    const res = await create('XRP', {
      coin_type: 'XRP',
      period_unit: 'monthly',
      service_kind: 'membership',
      service_title: 'premium',
      request_coin_cnt: '18.33333333',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      wallet_address: XRP_ADDRESS,
      request_coin_cnt: 18.333334,
      request_coin_text: '18.33333400',
    });
    expect(body.destination_tag).toBeGreaterThan(0);
    expect(body.instructions).toBe(
      `Send exactly 18.33333400 XRP to ${XRP_ADDRESS} with destination tag ${body.destination_tag}. Without this tag the payment cannot be matched to your order.`,
    );
  });

  it.each([
    ['coin_type', { ...coinPack('ETH', '0.00008334') }, 'coin_type must match the coin in the path (BTC)'],
    [
      'request_coin_cnt',
      coinPack('BTC', '0.00009000'),
      'request_coin_cnt does not match this purchase at the current rate (0.00008334 BTC); reload the page and try again',
    ],
    ['request_coin_cnt', coinPack('BTC', '0.00000001'), null],
    [
      'request_coin_cnt',
      coinPack('BTC', '0.000000001'),
      'request_coin_cnt must be a positive amount with at most 8 decimals',
    ],
    [
      'service_title',
      coinPack('BTC', '0.00008334', 5000),
      'service_title must be the amount of a coin pack (3600, 12000, 30000)',
    ],
    ['service_title', { ...coinPack('BTC', '0.00008334'), service_title: 'coins' }, null],
    [
      'service_title',
      { ...coinPack('BTC', 1), service_kind: 'membership', period_unit: 'monthly', service_title: 'gold' },
      'service_title must name a membership plan',
    ],
    [
      'period_unit',
      { ...coinPack('BTC', 1), service_kind: 'membership', service_title: 'premium' },
      'period_unit must be monthly or yearly for a membership',
    ],
    ['service_kind', { ...coinPack('BTC', 1), service_kind: 'gift' }, 'service_kind must be one of membership or coin'],
  ])('answers 400 naming %s', async (field, payload, message) => {
    const res = await create('BTC', payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe(field);
    if (message) expect(res.json().message).toBe(message);
  });

  it('accepts a client amount within the tolerance (rate drift) and waits for its own', async () => {
    const res = await create('BTC', coinPack('BTC', '0.00008200'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().request_coin_text).toBe('0.00008334');
  });

  it('never hands out an index or a tag twice, even to 15 requests at once', async () => {
    for (const coin of ['BTC', 'ETH', 'XRP'] as const) {
      const amount = { BTC: '0.00008334', ETH: '0.00166667', XRP: '8.33333400' }[coin];
      // Five members at once, three requests each (a member may hold 20 unpaid deposits per coin).
      const members = await Promise.all([1, 2, 3, 4, 5].map(() => member(t)));
      const results = await Promise.all(
        Array.from({ length: 15 }, (_, i) => create(coin, coinPack(coin, amount), members[i % 5]!.headers)),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(15).fill(200));
      const rows = await Promise.all(results.map((r) => depositRow(t, r.json().deposit_id)));
      if (coin === 'XRP') {
        expect(new Set(rows.map((r) => r.destinationTag)).size).toBe(15);
        expect(new Set(rows.map((r) => r.address))).toEqual(new Set([XRP_ADDRESS]));
      } else {
        expect(new Set(rows.map((r) => r.derivationIndex)).size).toBe(15);
        expect(new Set(rows.map((r) => r.address)).size).toBe(15);
      }
    }
  });

  it('limits the unpaid deposits one member holds per coin', async () => {
    const h = (await member(t)).headers;
    for (let i = 0; i < 20; i++) expect((await create('ETH', coinPack('ETH', '0.00166667'), h)).statusCode).toBe(200);
    const refused = await create('ETH', coinPack('ETH', '0.00166667'), h);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'You have 20 unpaid Ethereum deposits open. Pay one of them or wait until they expire.',
    );
    // Other coins are counted apart.
    expect((await create('BTC', coinPack('BTC', '0.00008334'), h)).statusCode).toBe(200);
  });

  it("shows a member their own deposit, and nobody else's", async () => {
    const created = (await create('BTC', coinPack('BTC', '0.00008334'))).json();
    const url = `/api/v2/wallet/deposit/${created.deposit_id}`;
    const own = await t.app.inject({ method: 'GET', url, headers });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      deposit_id: created.deposit_id,
      coin: 'BTC',
      status: 'pending',
      outcome: null,
      wallet_address: created.wallet_address,
      destination_tag: null,
      requested: '0.00008334',
      received: '0',
      confirmed: '0',
      coins: 3600,
      needs_review: false,
    });
    const other = (await member(t)).headers;
    expect((await t.app.inject({ method: 'GET', url, headers: other })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('answers 503 for a coin this deployment does not take', async () => {
    // No keys and no demo: nothing is offered.
    const other = await createTestApp({
      CRYPTO_DEMO: 'false',
      RATE_FEED: 'coingecko',
      RATE_FEED_URL: fakes.prices.url,
    });
    try {
      const h = (await member(other)).headers;
      for (const [coin, name] of [
        ['BTC', 'Bitcoin'],
        ['ETH', 'Ethereum'],
        ['XRP', 'Ripple'],
      ] as const) {
        const rate = await other.app.inject({ method: 'POST', url: `/api/v2/wallet/query/${coin}`, headers: h });
        expect(rate.statusCode).toBe(503);
        expect(rate.json().message).toBe(`${name} payments are not available right now.`);
        const res = await other.app.inject({
          method: 'POST',
          url: `/api/v2/wallet/create/${coin}`,
          headers: h,
          payload: coinPack(coin, 1),
        });
        expect(res.statusCode).toBe(503);
        expect(res.json().message).toBe(`${name} payments are not available right now.`);
      }
    } finally {
      await other.close();
    }
  });

  it('in demo mode hands out the test-vector addresses at demo prices, labelled', async () => {
    const demo = await createTestApp();
    try {
      const h = (await member(demo)).headers;
      // Demo prices: 50000 US$/BTC, 2500 US$/ETH, 0.5 US$/XRP.
      const res = await demo.app.inject({
        method: 'POST',
        url: '/api/v2/wallet/create/XRP',
        headers: h,
        payload: coinPack('XRP', 10),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        wallet_address: DEMO_XRP_ADDRESS,
        request_coin_text: '10.00000000',
        is_demo: true,
      });
      const btc = await demo.app.inject({
        method: 'POST',
        url: '/api/v2/wallet/create/BTC',
        headers: h,
        payload: coinPack('BTC', '0.0001'),
      });
      const row = await depositRow(demo, btc.json().deposit_id);
      expect(createBitcoinAddressBook(DEMO_BTC_ACCOUNT_ZPUB, 'mainnet').targetFor(row.derivationIndex!).address).toBe(
        row.address,
      );
    } finally {
      await demo.close();
    }
  });
});
