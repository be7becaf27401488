// The hosted crypto gateway (issue 16, docs/payments-crypto.md "Hosted gateway"): with NOWPayments
// configured, POST /api/v2/wallet/create/:coin hands out NOWPayments' address and amount in the same
// answer as self-custody, and the signed IPNs (from the fake, over a real port) move the deposit through
// the existing outcomes: credited once however often or concurrently 'finished' arrives, underpaid for
// support to credit, expired, refunded; forged, tampered and unsigned IPNs change nothing; our chain
// watchers leave gateway deposits alone.
import { ZCreateWalletResponse } from '@velvet/contracts/payment/create-wallet';
import { ZGetDepositResponse } from '@velvet/contracts/payment/get-deposit';
import { API_PATHS } from '@velvet/contracts/routes';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServices } from '../../../src/bootstrap/create-services.ts';
import { createLoggedTestApp, testConfig, type TestApp } from '../../support/app.ts';
import {
  FAKE_XRP_ADDRESS,
  fakeIpnSignature,
  startFakeNowPayments,
  type FakeNowPayments,
} from '../../support/fakes/fake-nowpayments.ts';
import { startFakeChains, type FakeChains } from '../../support/fakes/chains/index.ts';
import {
  admin,
  backdate,
  balanceOf,
  captureEvents,
  clearRates,
  coinPack,
  cryptoEnv,
  depositRow,
  member,
  runWatcher,
  startCryptoApp,
  XRP_ADDRESS,
} from './helpers.ts';

const API_KEY = 'test-nowpayments-api-key';
const IPN_SECRET = 'test-nowpayments-ipn-secret';
/** Each run its own payment ids and tags: test files share one database. */
const firstPaymentId = 6_000_000_000 + Math.floor(Math.random() * 1_000_000_000);
const firstTag = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);

type Json = Record<string, unknown>;

describe('NOWPayments as the hosted crypto gateway', () => {
  let fakes: FakeChains;
  let t: TestApp;
  let np: FakeNowPayments;
  let origin: string;
  let adminHeaders: Record<string, string>;
  /** The app's log lines at warn and above (JSON, as pino writes them). */
  const logLines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    np = await startFakeNowPayments({ apiKey: API_KEY, ipnSecret: IPN_SECRET, firstPaymentId, firstTag });
    fakes = await startFakeChains({ xrpAccount: XRP_ADDRESS });
    t = await createLoggedTestApp(
      {
        ...cryptoEnv(fakes),
        NOWPAYMENTS_API_KEY: API_KEY,
        NOWPAYMENTS_IPN_SECRET: IPN_SECRET,
        NOWPAYMENTS_API_URL: np.url,
      },
      logLines,
    );
    await clearRates(t);
    // The fake POSTs its IPNs to the callback URL, so the app listens on a real port.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    adminHeaders = await admin(t);
  });
  /** The members this file made: their deposits are removed afterwards (test files share one database,
   * and the console's tests expect no other fresh deposit needing review). */
  const members: string[] = [];
  async function join() {
    const m = await member(t);
    members.push(m.member.id);
    return m;
  }

  afterAll(async () => {
    await t.services.db.cryptoDeposit.deleteMany({ where: { memberId: { in: members } } });
    await t.close();
    await fakes.stop();
    await np.stop();
  });
  beforeEach(() => clearRates(t));

  /** A coin pack bought at our own quote (asked first), as the wallet modal does. */
  async function buy(headers: Record<string, string>, coin: 'BTC' | 'ETH' | 'XRP' = 'BTC', coins = 3600) {
    const usd = { 3600: 5, 12000: 15 }[coins]!;
    const rate = await t.app.inject({ method: 'POST', url: `/api/v2/wallet/query/${coin}`, headers });
    expect(rate.statusCode, rate.body).toBe(200);
    const amount = (usd * rate.json().coin_cnt_per_dollar).toFixed(8);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v2/wallet/create/${coin}`,
      // The request's origin is where NOWPayments is told to send its IPNs.
      headers: { ...headers, host: new URL(origin).host },
      payload: coinPack(coin, amount, coins),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = ZCreateWalletResponse.strict().parse(res.json());
    const invoice = [...np.invoices.values()].find((i) => i.order_id === body.deposit_id);
    expect(invoice, 'an invoice whose order_id is our deposit id').toBeDefined();
    const paymentId = Number(invoice!.payment_id);
    return { body, invoiceId: String(invoice!.id), paymentId, payment: np.payments.get(paymentId)! };
  }

  const ipn = (payload: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: API_PATHS.nowPaymentsIpn,
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'x-nowpayments-sig': signature }),
      },
      payload,
    });

  const credits = (memberId: string) =>
    t.services.db.ledgerEntry.findMany({ where: { memberId, reason: { in: ['coin_pack', 'membership'] } } });

  it('creates the deposit through NOWPayments and answers exactly as self-custody does', async () => {
    const m = await join();
    const { body, payment, paymentId } = await buy(m.headers);
    // NOWPayments' amount ($5 at the fake's 50,000 US$/BTC), not our own quote (60,000).
    expect(body).toEqual({
      wallet_address: payment.pay_address,
      request_coin_cnt: 0.0001,
      request_coin_text: '0.00010000',
      destination_tag: null,
      instructions: `Send exactly 0.00010000 BTC to ${String(payment.pay_address)}.`,
      deposit_id: body.deposit_id,
      coin: 'BTC',
      expires_at: body.expires_at,
      is_demo: false,
    });
    const invoice = [...np.invoices.values()].find((i) => i.order_id === body.deposit_id)!;
    expect(invoice).toMatchObject({
      price_amount: '5',
      price_currency: 'usd',
      ipn_callback_url: `${origin}${API_PATHS.nowPaymentsIpn}`,
    });
    const row = await depositRow(t, body.deposit_id);
    expect(row).toMatchObject({
      memberId: m.member.id,
      coin: 'BTC',
      gateway: 'nowpayments',
      gatewayRef: String(paymentId),
      address: payment.pay_address,
      derivationIndex: null,
      coins: 3600,
      usdAmountCents: 500,
      status: 'pending',
    });
    expect(row.requestedAmount.toFixed(8)).toBe('0.00010000');
    // The quote is NOWPayments': 5 US$ for 0.0001 BTC.
    expect([row.usdPerCoin?.toFixed(2), row.rateSource]).toEqual(['50000.00', 'nowpayments']);
    // NOWPayments' estimate of the expiry (a day in the fake), not our 60 minutes.
    expect(new Date(body.expires_at).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);

    const status = await t.app.inject({
      method: 'GET',
      url: `/api/v2/wallet/deposit/${body.deposit_id}`,
      headers: m.headers,
    });
    expect(status.statusCode, status.body).toBe(200);
    expect(ZGetDepositResponse.parse(status.json())).toMatchObject({ status: 'pending', requested: '0.00010000' });
  });

  it('gives XRP the gateway address with its destination tag', async () => {
    const m = await join();
    const { body, payment } = await buy(m.headers, 'XRP');
    expect(body.wallet_address).toBe(FAKE_XRP_ADDRESS);
    expect(body.destination_tag).toBe(Number(payment.payin_extra_id));
    expect(body.request_coin_text).toBe('10.00000000');
    expect(body.instructions).toBe(
      `Send exactly 10.00000000 XRP to ${FAKE_XRP_ADDRESS} with destination tag ${body.destination_tag}. Without this tag the payment cannot be matched to your order.`,
    );
    expect((await depositRow(t, body.deposit_id)).destinationTag).toBe(body.destination_tag);
  });

  it('credits a finished payment once, however often and concurrently the IPN is replayed', async () => {
    const m = await join();
    const events = await captureEvents(m.member.id);
    const { body, invoiceId, paymentId } = await buy(m.headers);
    const before = await balanceOf(t, m.member.id);
    await np.act(invoiceId, 'full');
    const sent = np.ipns.filter((i) => i.paymentId === paymentId);
    expect(sent.map((i) => [i.status, i.answer])).toEqual([
      ['confirming', 200],
      ['confirmed', 200],
      ['sending', 200],
      ['finished', 200],
    ]);
    expect(await balanceOf(t, m.member.id)).toBe(before + 3600);
    expect(await depositRow(t, body.deposit_id)).toMatchObject({
      status: 'credited',
      outcome: null,
      needsReview: false,
    });

    // Twenty replays one after another, then twenty at once.
    const serial = await np.replay(paymentId, 20);
    const parallel = (await Promise.all(Array.from({ length: 20 }, () => np.replay(paymentId, 1)))).flat();
    expect([...serial, ...parallel].every((i) => i.answer === 200)).toBe(true);
    expect(await balanceOf(t, m.member.id)).toBe(before + 3600);
    expect((await credits(m.member.id)).map((e) => e.idempotencyKey)).toEqual([`nowpayments:${paymentId}`]);

    // The wallet modal hears the deposit move on and the new balance, as with a chain deposit.
    await events.settle();
    const statuses = events.deposits().map((e) => e.status);
    expect(statuses).toEqual(['seen', 'confirmed', 'credited']);
    expect(events.deposits().at(-1)).toMatchObject({ deposit_id: body.deposit_id, cur_tokens: before + 3600 });
    expect(events.events.filter((e) => e.type === 'balance')).toEqual([{ type: 'balance', cur_tokens: before + 3600 }]);
    await events.close();
  });

  it('refuses forged, tampered, unsigned and unreadable IPNs and changes nothing', async () => {
    const m = await join();
    const { body, paymentId } = await buy(m.headers);
    const before = await balanceOf(t, m.member.id);
    for (const how of ['wrong-secret', 'tampered', 'unsigned'] as const) {
      expect((await np.forge(paymentId, how)).answer, how).toBe(400);
    }
    const real = np.payments.get(paymentId)!;
    const finished = { ...real, payment_status: 'finished', actually_paid: real.pay_amount };
    const bad = await ipn(JSON.stringify(finished), 'f'.repeat(128));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      status: 'error',
      message: expect.stringContaining('bad-signature'),
      field: 'x-nowpayments-sig',
    });
    const missing = await ipn(JSON.stringify(finished));
    expect(missing.json()).toMatchObject({ status: 'error', message: expect.stringContaining('missing-signature') });
    const notJson = await ipn('{"payment_id": 1,', fakeIpnSignature({}, IPN_SECRET));
    expect(notJson.statusCode).toBe(400);
    // Signed, but not a payment update.
    const noPayment = { hello: 'world' };
    expect((await ipn(JSON.stringify(noPayment), fakeIpnSignature(noPayment, IPN_SECRET))).statusCode).toBe(400);

    expect(await balanceOf(t, m.member.id)).toBe(before);
    expect(await depositRow(t, body.deposit_id)).toMatchObject({ status: 'pending', receivedAmount: null });

    // Each refusal is logged at warn with its reason and the parameters, never the IPN secret.
    const refusals = logLines.filter(
      (l) => l.msg === 'NOWPayments IPN refused' && (l.params as Json | undefined)?.payment_id === paymentId,
    );
    expect(refusals.map((l) => [l.level, l.reason])).toEqual([
      [40, 'NOWPayments IPN refused: bad-signature'],
      [40, 'NOWPayments IPN refused: bad-signature'],
      [40, 'NOWPayments IPN refused: missing-signature'],
      [40, 'NOWPayments IPN refused: bad-signature'],
      [40, 'NOWPayments IPN refused: missing-signature'],
    ]);
    expect(refusals[0]!.params).toMatchObject({ payment_status: 'finished', order_id: body.deposit_id });
    expect(JSON.stringify(logLines)).not.toContain(IPN_SECRET);
  });

  it('accepts both signature forms NOWPayments documents (recursive sort and the top-level replacer)', async () => {
    const m = await join();
    const { body, paymentId } = await buy(m.headers);
    const real = np.payments.get(paymentId)!;
    const confirming: Json = { ...real, payment_status: 'confirming', actually_paid: real.pay_amount };
    const recursive = await ipn(JSON.stringify(confirming), fakeIpnSignature(confirming, IPN_SECRET, 'recursive'));
    expect(recursive.json()).toEqual({ received: true, handled: 'updated' });
    const confirmed: Json = { ...confirming, payment_status: 'confirmed' };
    const replacer = await ipn(JSON.stringify(confirmed), fakeIpnSignature(confirmed, IPN_SECRET, 'replacer'));
    expect(replacer.json()).toEqual({ received: true, handled: 'updated' });
    expect(await depositRow(t, body.deposit_id)).toMatchObject({ status: 'confirmed' });
  });

  it('leaves a partial payment underpaid for review; the console credits it once', async () => {
    const m = await join();
    const { body, invoiceId, paymentId } = await buy(m.headers);
    const before = await balanceOf(t, m.member.id);
    await np.act(invoiceId, 'part');
    const row = await depositRow(t, body.deposit_id);
    expect(row).toMatchObject({ status: 'confirmed', outcome: 'underpaid', needsReview: true });
    expect(row.receivedAmount?.toFixed(8)).toBe('0.00005000');
    expect(await balanceOf(t, m.member.id)).toBe(before);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/deposits?needs_review=true&coin=BTC',
      headers: adminHeaders,
    });
    expect(list.json().list.find((i: { id: string }) => i.id === body.deposit_id)).toMatchObject({
      outcome: 'underpaid',
      received: '0.00005',
    });
    const decide = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/deposits/${body.deposit_id}`,
      headers: adminHeaders,
      payload: { action: 'credit', note: 'member asked; accepted the shortfall' },
    });
    expect(decide.statusCode, decide.body).toBe(200);
    expect(await balanceOf(t, m.member.id)).toBe(before + 3600);

    // The buyer tops up and NOWPayments finishes the payment: already credited, nothing more.
    const late = await np.sendStatus(paymentId, 'finished', { actually_paid: np.payments.get(paymentId)!.pay_amount });
    expect(late.answer).toBe(200);
    expect(await balanceOf(t, m.member.id)).toBe(before + 3600);
    expect((await credits(m.member.id)).map((e) => e.idempotencyKey)).toEqual([`nowpayments:${paymentId}`]);
  });

  it('expires an unpaid payment when NOWPayments says so', async () => {
    const m = await join();
    const { body, invoiceId } = await buy(m.headers);
    await np.act(invoiceId, 'expire');
    expect(await depositRow(t, body.deposit_id)).toMatchObject({ status: 'expired', needsReview: false });
  });

  it('closes a refunded payment; a refund after the credit keeps the coins and asks support', async () => {
    const m = await join();
    const before = await balanceOf(t, m.member.id);
    const first = await buy(m.headers);
    await np.sendStatus(first.paymentId, 'confirming', { actually_paid: first.payment.pay_amount });
    await np.sendStatus(first.paymentId, 'refunded');
    expect(await depositRow(t, first.body.deposit_id)).toMatchObject({ status: 'failed', needsReview: false });
    expect(await balanceOf(t, m.member.id)).toBe(before);

    const second = await buy(m.headers);
    await np.act(second.invoiceId, 'full');
    expect(await balanceOf(t, m.member.id)).toBe(before + 3600);
    const refund = await np.sendStatus(second.paymentId, 'refunded');
    expect(refund.answer).toBe(200);
    // The deposit stays credited (the outcome model has no "refunded after credit"): support reviews and
    // decides whether to take the coins back; nothing is reversed automatically.
    expect(await depositRow(t, second.body.deposit_id)).toMatchObject({ status: 'credited', needsReview: true });
    expect(await balanceOf(t, m.member.id)).toBe(before + 3600);
  });

  it('never grants a second payment for the same order by itself: the deposit goes to review', async () => {
    const m = await join();
    const { body, invoiceId, paymentId } = await buy(m.headers);
    await np.act(invoiceId, 'full');
    const before = await balanceOf(t, m.member.id);
    // A re-deposit to the same address: NOWPayments reports a new payment naming the first as parent.
    const again: Json = {
      ...np.payments.get(paymentId)!,
      payment_id: paymentId + 500_000,
      parent_payment_id: paymentId,
      payment_status: 'finished',
    };
    const res = await ipn(JSON.stringify(again), fakeIpnSignature(again, IPN_SECRET));
    expect(res.json()).toEqual({ received: true, handled: 'review' });
    expect(await depositRow(t, body.deposit_id)).toMatchObject({ status: 'credited', needsReview: true });
    expect(await balanceOf(t, m.member.id)).toBe(before);
    // The same report again changes nothing more.
    expect((await ipn(JSON.stringify(again), fakeIpnSignature(again, IPN_SECRET))).json()).toMatchObject({
      handled: 'ignored',
    });
  });

  it('acknowledges and ignores an IPN for a payment it does not know', async () => {
    const unknown: Json = {
      payment_id: 1234,
      payment_status: 'finished',
      pay_amount: 1,
      actually_paid: 1,
      pay_currency: 'btc',
      order_id: '00000000-0000-4000-8000-000000000000',
    };
    const res = await ipn(JSON.stringify(unknown), fakeIpnSignature(unknown, IPN_SECRET));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, handled: 'ignored', reason: 'unknown-payment' });
    expect(logLines.find((l) => l.paymentId === '1234')).toMatchObject({
      level: 40,
      msg: 'NOWPayments IPN for a payment we do not know: ignored',
    });
  });

  it('is left alone by our chain watchers, even long past its expiry', async () => {
    const m = await join();
    const { body } = await buy(m.headers);
    await backdate(t, body.deposit_id, 300);
    const run = await runWatcher(t, 'BTC');
    expect(run.changed[body.deposit_id]).toBeUndefined();
    expect(await depositRow(t, body.deposit_id)).toMatchObject({ status: 'pending', needsReview: false });
  });
});

describe('NOWPayments half configured, unreachable, or not configured', () => {
  it('stops start-up when only one of its two secrets is set', () => {
    expect(() => createServices(testConfig({ NOWPAYMENTS_API_KEY: API_KEY }))).toThrow(/NOWPAYMENTS_IPN_SECRET/);
    expect(() => createServices(testConfig({ NOWPAYMENTS_IPN_SECRET: IPN_SECRET }))).toThrow(/NOWPAYMENTS_API_KEY/);
  });

  it('answers 503 and stores nothing when NOWPayments cannot be reached', async () => {
    const gone = await startFakeNowPayments({ apiKey: API_KEY, ipnSecret: IPN_SECRET });
    await gone.stop();
    const { fakes, t } = await startCryptoApp({
      NOWPAYMENTS_API_KEY: API_KEY,
      NOWPAYMENTS_IPN_SECRET: IPN_SECRET,
      NOWPAYMENTS_API_URL: gone.url,
    });
    try {
      const m = await member(t);
      const rate = await t.app.inject({ method: 'POST', url: '/api/v2/wallet/query/ETH', headers: m.headers });
      expect(rate.statusCode, rate.body).toBe(200);
      const amount = (5 * rate.json().coin_cnt_per_dollar).toFixed(8);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/wallet/create/ETH',
        headers: m.headers,
        payload: coinPack('ETH', amount),
      });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ status: 'error', message: 'Ethereum payments are not available right now.' });
      expect(await t.services.db.cryptoDeposit.count({ where: { memberId: m.member.id } })).toBe(0);
    } finally {
      await t.close();
      await fakes.stop();
    }
  });

  it('keeps self-custody addresses and answers the IPN route 503', async () => {
    const { fakes, t } = await startCryptoApp();
    try {
      const m = await member(t);
      const rate = await t.app.inject({ method: 'POST', url: '/api/v2/wallet/query/BTC', headers: m.headers });
      const amount = (5 * rate.json().coin_cnt_per_dollar).toFixed(8);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/wallet/create/BTC',
        headers: m.headers,
        payload: coinPack('BTC', amount),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().wallet_address).toMatch(/^bc1q/);
      expect(await depositRow(t, res.json().deposit_id)).toMatchObject({ gateway: 'self', gatewayRef: null });
      const body = { payment_id: 1, payment_status: 'finished' };
      const ipn = await t.app.inject({
        method: 'POST',
        url: API_PATHS.nowPaymentsIpn,
        headers: { 'content-type': 'application/json', 'x-nowpayments-sig': fakeIpnSignature(body, IPN_SECRET) },
        payload: JSON.stringify(body),
      });
      expect(ipn.statusCode, ipn.body).toBe(503);
    } finally {
      await t.close();
      await fakes.stop();
    }
  });
});
