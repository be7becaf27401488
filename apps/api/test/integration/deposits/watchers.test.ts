// The chain watchers against local fakes of Esplora, Ethereum JSON-RPC and rippled: a deposit moves
// pending -> seen -> confirmed -> credited exactly once, with an event at each step; underpaid,
// overpaid and late payments end as documented (docs/payments-crypto.md); restarts and overlapping
// runs never credit twice.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { depositWatchBtcHandler, depositWatchXrpHandler } from '../../../src/jobs/deposit-watch.handler.ts';
import { depositWatchXrpJob } from '../../../src/jobs/deposit-watch.job.ts';
import { defineJob } from '../../../src/jobs/job.ts';
import { defineJobHandler, type JobContext } from '../../../src/jobs/job-handler.ts';
import { buildJobRegistry } from '../../../src/jobs/registry.ts';
import { findWatchedDeposits } from '../../../src/repositories/deposit.repository.ts';
import { startWorkers } from '../../../src/worker/start-workers.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import type { FakeChains } from '../../support/fakes/chains/index.ts';
import { waitFor } from '../../support/generation.ts';
import {
  admin,
  backdate,
  balanceOf,
  captureEvents,
  clearRates,
  createDeposit,
  cryptoEnv,
  depositRow,
  log,
  member,
  runWatcher,
  startCryptoApp,
} from './helpers.ts';

describe('deposit watchers', () => {
  let fakes: FakeChains;
  let t: TestApp;
  let adminHeaders: Record<string, string>;

  beforeAll(async () => {
    ({ fakes, t } = await startCryptoApp());
    adminHeaders = await admin(t);
  });
  afterAll(async () => {
    await t.close();
    await fakes.stop();
  });
  beforeEach(async () => {
    fakes.prices.setPrice('BTC', '60000');
    fakes.ethereum.setChainId(1);
    await clearRates(t);
  });

  const credits = (memberId: string) =>
    t.services.db.ledgerEntry.findMany({ where: { memberId, reason: { in: ['coin_pack', 'membership'] } } });

  it('BTC: seen in the mempool, confirmed at 2 blocks, credited once', async () => {
    const m = await member(t);
    const ev = await captureEvents(m.member.id);
    const d = await createDeposit(t, m.headers, 'BTC');
    expect(d.request_coin_text).toBe('0.00008334');

    await runWatcher(t, 'BTC');
    expect((await depositRow(t, d.deposit_id)).status).toBe('pending');

    const txid = fakes.esplora.pay({ address: d.wallet_address, amount: d.request_coin_text });
    await runWatcher(t, 'BTC');
    let row = await depositRow(t, d.deposit_id);
    expect(row).toMatchObject({ status: 'seen', outcome: null, needsReview: false });
    expect(row.seenAt).not.toBeNull();
    expect(row.receivedAmount?.toFixed(8)).toBe('0.00008334');
    // A run that sees nothing new writes nothing.
    await runWatcher(t, 'BTC');
    expect((await depositRow(t, d.deposit_id)).updatedAt).toEqual(row.updatedAt);

    fakes.esplora.mine(1);
    await runWatcher(t, 'BTC');
    expect((await depositRow(t, d.deposit_id)).status).toBe('seen');
    expect(await balanceOf(t, m.member.id)).toBe(0);

    fakes.esplora.mine(1);
    const run = await runWatcher(t, 'BTC');
    expect(run.changed[d.deposit_id]).toEqual({ from: 'seen', to: 'credited', credited: true });
    row = await depositRow(t, d.deposit_id);
    expect(row).toMatchObject({ status: 'credited', txid, outcome: null, needsReview: false });
    expect(row.confirmedAt).not.toBeNull();
    expect(row.creditedAt).not.toBeNull();
    expect(await balanceOf(t, m.member.id)).toBe(3600);
    // The deposit output is vout 1 (the fake puts change first).
    expect((await credits(m.member.id)).map((e) => e.idempotencyKey)).toEqual([`deposit:BTC:${txid}:1`]);

    await runWatcher(t, 'BTC');
    await runWatcher(t, 'BTC');
    expect(await balanceOf(t, m.member.id)).toBe(3600);
    expect(await credits(m.member.id)).toHaveLength(1);

    await ev.settle();
    expect(ev.deposits().map((e) => [e.status, e.received, e.outcome])).toEqual([
      ['seen', '0.00008334', null],
      ['confirmed', '0.00008334', null],
      ['credited', '0.00008334', null],
    ]);
    expect(ev.deposits().at(-1)).toMatchObject({
      deposit_id: d.deposit_id,
      coin: 'BTC',
      requested: '0.00008334',
      cur_tokens: 3600,
      member_kind: 'free',
    });
    expect(ev.events.filter((e) => e.type === 'balance')).toEqual([{ type: 'balance', cur_tokens: 3600 }]);
    await ev.close();

    const status = await t.app.inject({
      method: 'GET',
      url: `/api/v2/wallet/deposit/${d.deposit_id}`,
      headers: m.headers,
    });
    expect(status.json()).toMatchObject({ status: 'credited', received: '0.00008334', confirmed: '0.00008334' });
  });

  it('ETH: seen once in a block, credited at 12 confirmations (balance at latest vs 12 blocks back)', async () => {
    const m = await member(t);
    const ev = await captureEvents(m.member.id);
    const d = await createDeposit(t, m.headers, 'ETH');
    expect(d.request_coin_text).toBe('0.00166667');

    fakes.ethereum.pay({ address: d.wallet_address, amount: d.request_coin_text, confirmations: 0 });
    await runWatcher(t, 'ETH');
    // In the mempool only: no balance at 'latest' yet.
    expect((await depositRow(t, d.deposit_id)).status).toBe('pending');

    fakes.ethereum.mine(1);
    await runWatcher(t, 'ETH');
    expect((await depositRow(t, d.deposit_id)).status).toBe('seen');
    fakes.ethereum.mine(10);
    await runWatcher(t, 'ETH');
    expect((await depositRow(t, d.deposit_id)).status).toBe('seen');
    fakes.ethereum.mine(1);
    await runWatcher(t, 'ETH');
    const row = await depositRow(t, d.deposit_id);
    expect(row.status).toBe('credited');
    expect(row.receivedAmount?.toFixed(18)).toBe('0.001666670000000000');
    expect(await balanceOf(t, m.member.id)).toBe(3600);
    expect((await credits(m.member.id)).map((e) => e.idempotencyKey)).toEqual([`deposit:ETH:${d.wallet_address}:0`]);
    // The node was asked for both balances in one batch.
    const batch = fakes.ethereum.requests.findLast((r) => Array.isArray(r.json));
    expect(batch?.json).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'eth_getBalance', params: [d.wallet_address, 'latest'] }),
      ]),
    );
    await ev.settle();
    expect(ev.deposits().map((e) => e.status)).toEqual(['seen', 'confirmed', 'credited']);
    await ev.close();
  });

  it('XRP: only a validated, successful XRP payment with the tag counts, and it is final at once', async () => {
    const m = await member(t);
    const ev = await captureEvents(m.member.id);
    const d = await createDeposit(t, m.headers, 'XRP');
    const tag = d.destination_tag!;
    expect(d.request_coin_text).toBe('8.33333400');

    fakes.rippled.pay({ tag: tag + 1_000_000, amount: '8.333334' });
    fakes.rippled.pay({ tag, amount: '8.333334', currency: 'USD' });
    fakes.rippled.pay({ tag, amount: '8.333334', result: 'tecPATH_DRY' });
    fakes.rippled.pay({ tag, amount: '8.333334', destination: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY' });
    const hash = fakes.rippled.pay({ tag, amount: '8.333334', confirmations: 0 });
    await runWatcher(t, 'XRP');
    expect((await depositRow(t, d.deposit_id)).status).toBe('pending');

    fakes.rippled.mine(1);
    await runWatcher(t, 'XRP');
    const row = await depositRow(t, d.deposit_id);
    expect(row).toMatchObject({ status: 'credited', txid: hash });
    expect(await balanceOf(t, m.member.id)).toBe(3600);
    expect((await credits(m.member.id)).map((e) => e.idempotencyKey)).toEqual([`deposit:XRP:${hash}:0`]);
    await runWatcher(t, 'XRP');
    expect(await credits(m.member.id)).toHaveLength(1);
    await ev.settle();
    expect(ev.deposits().map((e) => e.status)).toEqual(['seen', 'confirmed', 'credited']);
    await ev.close();
  });

  it('adds up several payments to one deposit; the one that completes it names the ledger key', async () => {
    const m = await member(t);
    const d = await createDeposit(t, m.headers, 'BTC');
    fakes.esplora.pay({ address: d.wallet_address, amount: '0.00005000', confirmations: 2 });
    await runWatcher(t, 'BTC');
    expect((await depositRow(t, d.deposit_id)).status).toBe('seen');
    const second = fakes.esplora.pay({ address: d.wallet_address, amount: '0.00003334', confirmations: 2 });
    await runWatcher(t, 'BTC');
    const row = await depositRow(t, d.deposit_id);
    expect(row).toMatchObject({ status: 'credited', txid: second, outcome: null });
    expect(row.payments).toHaveLength(2);
    expect(await balanceOf(t, m.member.id)).toBe(3600);
  });

  it('counts a payment within the tolerance (0.5%) as exact', async () => {
    const m = await member(t);
    const d = await createDeposit(t, m.headers, 'BTC');
    // 0.00008334 less 0.3%.
    fakes.esplora.pay({ address: d.wallet_address, amount: '0.00008309', confirmations: 2 });
    await runWatcher(t, 'BTC');
    expect(await depositRow(t, d.deposit_id)).toMatchObject({ status: 'credited', outcome: null, needsReview: false });
  });

  it('underpaid: waits until the expiry, then marks it for review without crediting; support credits it once', async () => {
    const m = await member(t);
    const ev = await captureEvents(m.member.id);
    const d = await createDeposit(t, m.headers, 'XRP');
    // A partial payment: Amount is the full price, but only half was delivered.
    fakes.rippled.pay({ tag: d.destination_tag!, amount: '8.333334', delivered: '4.2' });
    await runWatcher(t, 'XRP');
    expect(await depositRow(t, d.deposit_id)).toMatchObject({ status: 'seen', outcome: null, needsReview: false });

    // The hour is over; what arrived is all final.
    await backdate(t, d.deposit_id, 61);
    await runWatcher(t, 'XRP');
    const row = await depositRow(t, d.deposit_id);
    expect(row).toMatchObject({ status: 'confirmed', outcome: 'underpaid', needsReview: true, creditedAt: null });
    expect(row.receivedAmount?.toFixed(6)).toBe('4.200000');
    expect(await balanceOf(t, m.member.id)).toBe(0);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/deposits?needs_review=true&coin=XRP',
      headers: adminHeaders,
    });
    expect(list.statusCode, list.body).toBe(200);
    const item = list.json().list.find((i: { id: string }) => i.id === d.deposit_id);
    expect(item).toMatchObject({
      outcome: 'underpaid',
      needs_review: true,
      requested: '8.33333400',
      received: '4.2',
      status: 'confirmed',
    });
    expect(item.payments).toEqual([expect.objectContaining({ amount: '4.2', final: true })]);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/deposits', headers: m.headers })).statusCode).toBe(
      403,
    );

    const url = `/api/admin/deposits/${d.deposit_id}`;
    const decide = () =>
      t.app.inject({
        method: 'PATCH',
        url,
        headers: adminHeaders,
        payload: { action: 'credit', note: 'member asked; accepted the shortfall' },
      });
    const [a, b] = await Promise.all([decide(), decide()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const done = [a, b].find((r) => r.statusCode === 200)!.json();
    expect(done.deposit).toMatchObject({
      status: 'credited',
      needs_review: false,
      review_note: 'member asked; accepted the shortfall',
    });
    expect(await balanceOf(t, m.member.id)).toBe(3600);
    await runWatcher(t, 'XRP');
    expect(await credits(m.member.id)).toHaveLength(1);
    await ev.settle();
    expect(ev.deposits().map((e) => [e.status, e.outcome])).toEqual([
      ['seen', null],
      ['confirmed', 'underpaid'],
      ['credited', 'underpaid'],
    ]);
    await ev.close();
  });

  it('underpaid, then topped up while still watched: credited as a late payment', async () => {
    const m = await member(t);
    const d = await createDeposit(t, m.headers, 'BTC');
    await backdate(t, d.deposit_id, 61);
    // The first half was mined before the expiry.
    fakes.esplora.pay({
      address: d.wallet_address,
      amount: '0.00004000',
      confirmations: 3,
      blockTime: Math.floor(Date.now() / 1000) - 30 * 60,
    });
    await runWatcher(t, 'BTC');
    expect(await depositRow(t, d.deposit_id)).toMatchObject({
      status: 'confirmed',
      outcome: 'underpaid',
      needsReview: true,
    });
    fakes.esplora.pay({ address: d.wallet_address, amount: '0.00004334', confirmations: 2 });
    await runWatcher(t, 'BTC');
    expect(await depositRow(t, d.deposit_id)).toMatchObject({
      status: 'credited',
      outcome: 'late',
      needsReview: false,
    });
    expect(await balanceOf(t, m.member.id)).toBe(3600);
  });

  it('ETH underpaid on time, topped up after the expiry: the top-up is late, not on time', async () => {
    const m = await member(t);
    const d = await createDeposit(t, m.headers, 'ETH');
    fakes.ethereum.pay({ address: d.wallet_address, amount: '0.0008', confirmations: 12 });
    await runWatcher(t, 'ETH');
    expect(await depositRow(t, d.deposit_id)).toMatchObject({ outcome: null, creditedAt: null });
    // The quote runs out after that first half.
    await t.services.db.cryptoDeposit.update({ where: { id: d.deposit_id }, data: { expiresAt: new Date() } });
    await runWatcher(t, 'ETH');
    expect(await depositRow(t, d.deposit_id)).toMatchObject({ outcome: 'underpaid', needsReview: true });

    fakes.ethereum.pay({ address: d.wallet_address, amount: '0.00086667', confirmations: 12 });
    await runWatcher(t, 'ETH');
    expect(await depositRow(t, d.deposit_id)).toMatchObject({ status: 'credited', outcome: 'late' });
    expect(await balanceOf(t, m.member.id)).toBe(3600);
  });

  it('overpaid: credited, the excess recorded for support, who closes the review', async () => {
    const m = await member(t);
    const d = await createDeposit(t, m.headers, 'ETH');
    fakes.ethereum.pay({ address: d.wallet_address, amount: '0.005', confirmations: 12 });
    await runWatcher(t, 'ETH');
    const row = await depositRow(t, d.deposit_id);
    expect(row).toMatchObject({ status: 'credited', outcome: 'overpaid', needsReview: true });
    expect(row.excessAmount?.toFixed(8)).toBe('0.00333333');
    expect(await balanceOf(t, m.member.id)).toBe(3600);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/deposits?needs_review=true&status=credited',
      headers: adminHeaders,
    });
    expect(list.json().list.find((i: { id: string }) => i.id === d.deposit_id)).toMatchObject({
      outcome: 'overpaid',
      excess: '0.00333333',
    });
    const closed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/deposits/${d.deposit_id}`,
      headers: adminHeaders,
      payload: { action: 'close', note: 'refunded 0.00333333 ETH, tx 0xabc' },
    });
    expect(closed.json().deposit).toMatchObject({
      status: 'credited',
      needs_review: false,
      reviewed_by: expect.any(String),
    });
    expect(await balanceOf(t, m.member.id)).toBe(3600);
  });

  it('late: expires first; a payment after the expiry is credited when it still covers the price now', async () => {
    const m = await member(t);
    const ev = await captureEvents(m.member.id);
    const d = await createDeposit(t, m.headers, 'BTC');
    await backdate(t, d.deposit_id, 70);
    await runWatcher(t, 'BTC');
    expect((await depositRow(t, d.deposit_id)).status).toBe('expired');

    fakes.esplora.pay({ address: d.wallet_address, amount: d.request_coin_text, confirmations: 2 });
    await runWatcher(t, 'BTC');
    expect(await depositRow(t, d.deposit_id)).toMatchObject({
      status: 'credited',
      outcome: 'late',
      needsReview: false,
    });
    expect(await balanceOf(t, m.member.id)).toBe(3600);
    await ev.settle();
    expect(ev.deposits().map((e) => [e.status, e.outcome])).toEqual([
      ['expired', null],
      ['seen', 'late'],
      ['confirmed', 'late'],
      ['credited', 'late'],
    ]);
    await ev.close();
  });

  it('late: not covered at the current rate (or no rate) waits for review, and is credited if the rate recovers', async () => {
    const m = await member(t);
    const d = await createDeposit(t, m.headers, 'BTC');
    await backdate(t, d.deposit_id, 70);
    // BTC fell: the old amount is now worth 5 x 40000/60000 = 3.33 US$.
    fakes.prices.setPrice('BTC', '40000');
    await clearRates(t);
    fakes.esplora.pay({ address: d.wallet_address, amount: d.request_coin_text, confirmations: 2 });
    await runWatcher(t, 'BTC');
    expect(await depositRow(t, d.deposit_id)).toMatchObject({
      status: 'confirmed',
      outcome: 'late',
      needsReview: true,
    });
    expect(await balanceOf(t, m.member.id)).toBe(0);

    fakes.prices.fail({ status: 503 });
    await clearRates(t);
    await runWatcher(t, 'BTC');
    expect(await depositRow(t, d.deposit_id)).toMatchObject({ status: 'confirmed', needsReview: true });
    fakes.prices.fail(null);

    fakes.prices.setPrice('BTC', '60000');
    await clearRates(t);
    await runWatcher(t, 'BTC');
    expect(await depositRow(t, d.deposit_id)).toMatchObject({
      status: 'credited',
      outcome: 'late',
      needsReview: false,
    });
    expect(await balanceOf(t, m.member.id)).toBe(3600);
  });

  it('stops watching an expired deposit after the late window, and ignores history from before the deposit', async () => {
    const m = await member(t);
    const old = await createDeposit(t, m.headers, 'BTC');
    await backdate(t, old.deposit_id, 60 + 73 * 60);
    await t.services.db.cryptoDeposit.update({ where: { id: old.deposit_id }, data: { status: 'expired' } });
    fakes.esplora.pay({ address: old.wallet_address, amount: old.request_coin_text, confirmations: 2 });
    await runWatcher(t, 'BTC');
    expect((await depositRow(t, old.deposit_id)).status).toBe('expired');

    const d = await createDeposit(t, m.headers, 'XRP');
    fakes.rippled.pay({ tag: d.destination_tag!, amount: '8.333334', closeTime: Date.now() - 3 * 3_600_000 });
    await runWatcher(t, 'XRP');
    expect((await depositRow(t, d.deposit_id)).status).toBe('pending');
    expect(await balanceOf(t, m.member.id)).toBe(0);
  });

  it('goes back to pending when a mempool transaction is dropped', async () => {
    const m = await member(t);
    const d = await createDeposit(t, m.headers, 'BTC');
    const txid = fakes.esplora.pay({ address: d.wallet_address, amount: d.request_coin_text });
    await runWatcher(t, 'BTC');
    expect((await depositRow(t, d.deposit_id)).status).toBe('seen');
    fakes.esplora.drop(txid);
    await runWatcher(t, 'BTC');
    expect(await depositRow(t, d.deposit_id)).toMatchObject({ status: 'pending', payments: [] });
  });

  it('reads deposits being paid before abandoned expired ones, however many of those there are', async () => {
    const m = await member(t);
    const waiting = await createDeposit(t, m.headers, 'BTC');
    const abandoned = [await createDeposit(t, m.headers, 'BTC'), await createDeposit(t, m.headers, 'BTC')];
    // Expired ten minutes ago: within the late-watch window, and earlier expiries than any waiting one.
    await t.services.db.cryptoDeposit.updateMany({
      where: { id: { in: abandoned.map((d) => d.deposit_id) } },
      data: { status: 'expired', expiresAt: new Date(Date.now() - 10 * 60_000) },
    });
    const db = t.services.db;
    const waitingCount = await db.cryptoDeposit.count({ where: { coin: 'BTC', status: { in: ['pending', 'seen'] } } });
    const since = new Date(Date.now() - 72 * 3_600_000);
    // A batch only as large as the waiting deposits: it must hold all of them and no expired one.
    const batch = await findWatchedDeposits(db, 'BTC', since, waitingCount);
    expect(batch.map((d) => d.id)).toContain(waiting.deposit_id);
    expect(batch.every((d) => d.status === 'pending' || d.status === 'seen')).toBe(true);
    // With room to spare the expired ones follow.
    const all = await findWatchedDeposits(db, 'BTC', since, waitingCount + 100);
    expect(all.map((d) => d.id)).toEqual(expect.arrayContaining(abandoned.map((d) => d.deposit_id)));
  });

  it('credits once however many runs overlap (a restart, a second worker)', async () => {
    const m = await member(t);
    const ev = await captureEvents(m.member.id);
    const deposits = await Promise.all([1, 2, 3].map(() => createDeposit(t, m.headers, 'BTC')));
    for (const d of deposits)
      fakes.esplora.pay({ address: d.wallet_address, amount: d.request_coin_text, confirmations: 2 });
    const ctx: JobContext = { services: t.services, log, attempt: 1, maxAttempts: 1 };
    await Promise.all([
      ...Array.from({ length: 4 }, () => runWatcher(t, 'BTC')),
      depositWatchBtcHandler.handle({}, ctx),
      depositWatchBtcHandler.handle({}, ctx),
    ]);
    await depositWatchBtcHandler.handle({}, ctx);
    expect(await balanceOf(t, m.member.id)).toBe(3 * 3600);
    expect(await credits(m.member.id)).toHaveLength(3);
    await ev.settle();
    expect(ev.deposits().filter((e) => e.status === 'credited')).toHaveLength(3);
    await ev.close();
  });

  it('refuses an Ethereum node on another chain and leaves the deposits alone', async () => {
    const m = await member(t);
    const d = await createDeposit(t, m.headers, 'ETH');
    await backdate(t, d.deposit_id, 61);
    fakes.ethereum.setChainId(11155111);
    fakes.ethereum.pay({ address: d.wallet_address, amount: d.request_coin_text, confirmations: 12 });
    const run = await runWatcher(t, 'ETH');
    expect(run.chainError).toMatch(/chain 11155111, ETH_CHAIN_ID is 1/);
    // An unreadable chain does not even expire it: that could turn an on-time payment into a late one.
    expect((await depositRow(t, d.deposit_id)).status).toBe('pending');
    const ctx: JobContext = { services: t.services, log, attempt: 1, maxAttempts: 1 };
    await expect(
      (await import('../../../src/jobs/deposit-watch.handler.ts')).depositWatchEthHandler.handle({}, ctx),
    ).rejects.toThrow(/ETH watcher/);
  });

  it('a watcher switched off in this deployment loses the schedule an earlier one left', async () => {
    const name = 'deposits.watch.switched-off.v1';
    const queue = t.services.queues.deposits;
    await queue.upsertJobScheduler(name, { every: 60_000 }, { name, data: {} });
    const switchedOff = defineJobHandler(
      defineJob({ name, queue: 'deposits', payload: z.object({}).passthrough(), repeatEveryMs: () => undefined }),
      { async handle() {} },
    );
    await startWorkers(t.services, log, buildJobRegistry([switchedOff])).close();
    expect(await queue.getJobScheduler(name)).toBeFalsy();
  });

  it('runs as a scheduled job in the worker', async () => {
    const fast = await createTestApp({ ...cryptoEnv(fakes), DEPOSIT_WATCH_INTERVAL_SECONDS: '1' });
    await fast.services.queues.deposits.obliterate({ force: true });
    const workers = startWorkers(fast.services, log, buildJobRegistry([depositWatchXrpHandler]));
    try {
      const m = await member(fast);
      const d = await createDeposit(fast, m.headers, 'XRP');
      fakes.rippled.pay({ tag: d.destination_tag!, amount: '8.333334' });
      await waitFor(async () => (await depositRow(fast, d.deposit_id)).status === 'credited', 15_000);
      expect(await balanceOf(fast, m.member.id)).toBe(3600);
    } finally {
      await workers.close();
      await fast.services.queues.deposits.removeJobScheduler(depositWatchXrpJob.name);
      await fast.services.queues.deposits.obliterate({ force: true });
      await fast.close();
    }
  });
});
