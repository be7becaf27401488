// Shared by the deposit tests: an app wired to the local fakes, members, event capture, and a handle
// on the watcher the worker runs.
import type { TMemberEvent } from '@velvet/contracts/events/member-event';
import type { CryptoCoin } from '@velvet/contracts/options';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { testRedisUrl } from '../../support/workers.ts';
import type { AppConfig } from '../../../src/config/env.ts';
import { DEMO_BTC_ACCOUNT_ZPUB, DEMO_ETH_ACCOUNT_XPUB } from '../../../src/providers/chains/demo.ts';
import { memberChannel } from '../../../src/services/events/member-events.ts';
import { watchDeposits } from '../../../src/services/deposits/watch-deposits.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { createMember } from '../../support/factories.ts';
import { startFakeChains, type FakeChains } from '../../support/fakes/chains/index.ts';
import { fundedMember } from '../../support/generation.ts';

export const log = pino({ level: process.env.DEPOSIT_TEST_LOG ?? 'silent' });

/** The genesis account: a valid classic address that is not the demo one. */
export const XRP_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

/** Keys are the published test vectors, configured as if real (CRYPTO_DEMO=false). */
export function cryptoEnv(fakes: FakeChains): Partial<Record<keyof AppConfig, string>> {
  return {
    CRYPTO_DEMO: 'false',
    BTC_ACCOUNT_XPUB: DEMO_BTC_ACCOUNT_ZPUB,
    BTC_ESPLORA_URL: fakes.esplora.url,
    ETH_ACCOUNT_XPUB: DEMO_ETH_ACCOUNT_XPUB,
    ETH_RPC_URL: fakes.ethereum.url,
    XRP_DEPOSIT_ADDRESS: XRP_ADDRESS,
    XRP_RPC_URL: fakes.rippled.url,
    RATE_FEED: 'coingecko',
    RATE_FEED_URL: fakes.prices.url,
    RATE_FEED_TIMEOUT_MS: '500',
  };
}

export async function startCryptoApp(overrides: Partial<Record<keyof AppConfig, string>> = {}) {
  const fakes = await startFakeChains({ xrpAccount: XRP_ADDRESS });
  const t = await createTestApp({ ...cryptoEnv(fakes), ...overrides });
  await clearRates(t);
  return { fakes, t };
}

/** No cached rate and no admin override: rates come from the price feed fake again. (Test files share
 * one database: an override another file left would price every deposit here.) */
export async function clearRates(t: TestApp) {
  const keys = await t.services.redis.keys('rates:usd:*');
  if (keys.length > 0) await t.services.redis.del(...keys);
  await t.services.db.cryptoRateOverride.deleteMany();
}

export const member = (t: TestApp, coins = 0) => fundedMember(t.app, t.services.db, coins);

export async function admin(t: TestApp) {
  const row = await createMember(t.services.db, { role: 'admin' });
  return { authorization: `Bearer ${t.app.signAccessToken({ sub: row.id, role: 'admin' })}` };
}

export const coinPack = (coin: CryptoCoin, request_coin_cnt: number | string, coins = 3600) => ({
  coin_type: coin,
  period_unit: '',
  service_kind: 'coin',
  service_title: `${coins} coins`,
  request_coin_cnt,
});

/** Creates a deposit for a coin pack at the server's own quote (asked first through the rate call). */
export async function createDeposit(t: TestApp, headers: Record<string, string>, coin: CryptoCoin, coins = 3600) {
  const usd = { 3600: 5, 12000: 15, 30000: 30 }[coins]!;
  const rate = await t.app.inject({ method: 'POST', url: `/api/v2/wallet/query/${coin}`, headers });
  if (rate.statusCode !== 200) throw new Error(`rate: ${rate.body}`);
  const amount = (usd * rate.json().coin_cnt_per_dollar).toFixed(8);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v2/wallet/create/${coin}`,
    headers,
    payload: coinPack(coin, amount, coins),
  });
  if (res.statusCode !== 200) throw new Error(`create: ${res.body}`);
  return res.json() as {
    wallet_address: string;
    request_coin_cnt: number;
    request_coin_text: string;
    destination_tag: number | null;
    deposit_id: string;
    expires_at: string;
  };
}

export const runWatcher = (t: TestApp, coin: CryptoCoin, now?: Date) => watchDeposits(t.services, coin, log, now);

export const depositRow = (t: TestApp, id: string) => t.services.db.cryptoDeposit.findUniqueOrThrow({ where: { id } });
export const balanceOf = async (t: TestApp, memberId: string) =>
  (await t.services.db.member.findUniqueOrThrow({ where: { id: memberId } })).coinBalance;

/** Moves a deposit's clock back: created `ageMinutes` ago, so it expired `ageMinutes - 60` ago. */
export async function backdate(t: TestApp, id: string, ageMinutes: number) {
  const createdAt = new Date(Date.now() - ageMinutes * 60_000);
  await t.services.db.cryptoDeposit.update({
    where: { id },
    data: { createdAt, expiresAt: new Date(createdAt.getTime() + 60 * 60_000) },
  });
}

/** Collects the member events published for one member (Redis pub/sub, as the SSE stream reads them). */
export async function captureEvents(memberId: string) {
  const sub = new Redis(testRedisUrl());
  const events: TMemberEvent[] = [];
  sub.on('message', (_channel, message: string) => events.push(JSON.parse(message) as TMemberEvent));
  await sub.subscribe(memberChannel(memberId));
  return {
    events,
    deposits: () => events.filter((e): e is Extract<TMemberEvent, { type: 'deposit' }> => e.type === 'deposit'),
    /** Pub/sub is asynchronous: give the last publish a moment to arrive. */
    settle: () => new Promise((r) => setTimeout(r, 100)),
    close: () => sub.quit(),
  };
}
