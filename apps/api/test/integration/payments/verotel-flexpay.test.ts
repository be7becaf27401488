// Verotel FlexPay as the card processor (issue 16, docs/payments.md "Verotel FlexPay"), against the local
// fake of FlexPay over real ports: the app sends the buyer to a signed startorder, the fake's approve
// sends the signed postback (which must be answered OK), the return page verifies with salestatus; the
// fake's control events drive rebills, cancels, refunds and chargebacks. Coins and memberships are
// granted exactly once, however the postback is replayed; forged postbacks change nothing and are logged.
import { API_PATHS } from '@velvet/contracts/routes';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardPayments } from '../../../src/providers/payments/select.ts';
import { computeSignature } from '../../../src/providers/payments/verotel/signature.ts';
import { postLedgerEntryAlone } from '../../../src/services/ledger/post-ledger-entry.ts';
import { expireMemberships } from '../../../src/services/payments/expire-memberships.ts';
import { createLoggedTestApp, testConfig, type TestApp } from '../../support/app.ts';
import { startFakeFlexPay, type FakeFlexPay } from '../../support/fakes/fake-flexpay.ts';
import { fundedMember } from '../../support/generation.ts';

const KEY = 'test-verotel-signature-key';
const SHOP_ID = '117000';
const coinPack = { amount: 1500, paymentType: 'coin', coins: 12000, planName: '', billingPeriod: '' };
const ultimateYearly = {
  amount: 15600,
  paymentType: 'membership',
  coins: 0,
  planName: 'Ultimate',
  billingPeriod: 'yearly',
};
const ultimateMonthly = {
  amount: 1800,
  paymentType: 'membership',
  coins: 0,
  planName: 'Ultimate',
  billingPeriod: 'monthly',
};

type Headers = Record<string, string>;

function addMonths(from: Date, months: number): Date {
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

describe('Verotel FlexPay (against a local fake)', () => {
  let fake: FakeFlexPay;
  let t: TestApp;
  let origin: string;
  let postbackUrl: string;
  /** The app's log lines at warn and above (JSON, as pino writes them). */
  const logLines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    fake = await startFakeFlexPay({ key: KEY, shopId: SHOP_ID, postbackUrl: 'http://127.0.0.1:1/unset' });
    t = await createLoggedTestApp(
      {
        CARD_PROCESSOR: 'verotel',
        VEROTEL_SHOP_ID: SHOP_ID,
        VEROTEL_SIGNATURE_KEY: KEY,
        VEROTEL_BASE_URL: fake.url,
        // Stripe's publishable key alone (as the e2e stack has it) must not matter.
        STRIPE_PUBLISHABLE_KEY: 'pk_test_ignored',
      },
      logLines,
    );
    // The fake sends its postbacks over HTTP, so the app listens on a real port.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    postbackUrl = `${origin}${API_PATHS.verotelPostback}`;
    fake.setPostbackUrl(postbackUrl);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const db = () => t.services.db;
  const memberRow = (id: string) => db().member.findUniqueOrThrow({ where: { id } });
  const join = () => fundedMember(t.app, db(), 0);
  const post = (url: string, headers: Headers, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers, payload });

  async function checkout(headers: Headers, body: object) {
    const res = await post(API_PATHS.createCheckout, { ...headers, host: new URL(origin).host }, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { url: string; session_id: string };
  }

  /** The buyer opens the order page and presses Approve: the fake sends the postback, then redirects. */
  async function approve(url: string, sessionId: string) {
    const page = await fetch(url);
    expect(page.status, await page.text()).toBe(200);
    const order = [...fake.orders.values()].find((o) => o.params.referenceID === sessionId)!;
    const res = await fetch(`${fake.url}/startorder/${order.id}/approve`, { method: 'POST', redirect: 'manual' });
    const sale = fake.sales.get(order.saleID!)!;
    return { status: res.status, location: res.headers.get('location'), sale };
  }

  async function buy(headers: Headers, body: object) {
    const started = await checkout(headers, body);
    const approved = await approve(started.url, started.session_id);
    expect(approved.status).toBe(303);
    return { ...started, ...approved };
  }

  /** A postback sent straight to the app (signed with the shop's key unless told otherwise). */
  function sendPostback(params: Record<string, string>, signature: string | null = computeSignature(KEY, params)) {
    const query = new URLSearchParams(params);
    if (signature !== null) query.append('signature', signature);
    return t.app.inject({ method: 'GET', url: `${API_PATHS.verotelPostback}?${query.toString()}` });
  }

  const verify = (headers: Headers, sessionId: string) =>
    post(API_PATHS.verifyPayment, headers, { session_id: sessionId });
  const credits = (memberId: string) =>
    db().ledgerEntry.findMany({ where: { memberId, delta: { gt: 0 }, reason: { not: 'admin_adjustment' } } });
  const paymentRow = (id: string) => db().payment.findUniqueOrThrow({ where: { id } });
  const subscriptionOf = async (headers: Headers) => {
    const res = await t.app.inject({ method: 'GET', url: API_PATHS.subscription, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().subscription as Record<string, unknown> | null;
  };

  it('tells the web app cards go through a redirect, and refuses the card modal', async () => {
    const config = await t.app.inject({ method: 'GET', url: API_PATHS.paymentConfig });
    expect(config.json()).toEqual({ card: { provider: 'verotel', public_key: '', checkout: 'redirect' } });
    const m = await join();
    const intent = await post(API_PATHS.createIntent, m.headers, coinPack);
    expect(intent.statusCode).toBe(409);
    expect(intent.json().message).toMatch(/checkout-session/);
  });

  it('sells a coin pack: signed startorder, approve, postback answered OK, coins once with the return page', async () => {
    const m = await join();
    const started = await checkout(m.headers, coinPack);
    const url = new URL(started.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/startorder`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      type: 'purchase',
      priceAmount: '15.00',
      priceCurrency: 'USD',
      referenceID: started.session_id,
      successURL: `${origin}/payment-success?session_id=${started.session_id}`,
      declineURL: `${origin}/payment-cancel`,
      shopID: SHOP_ID,
    });
    const approved = await approve(started.url, started.session_id);
    expect(approved.status).toBe(303);
    expect(approved.location).toContain(`/payment-success?session_id=${started.session_id}`);
    const postback = fake.postbacks.at(-1)!;
    expect(postback).toMatchObject({ status: 200, body: 'OK', acknowledged: true });
    expect((await memberRow(m.member.id)).coinBalance).toBe(12000);
    // The return page verifies with salestatus: same grant, not a second one.
    const verified = await verify(m.headers, started.session_id);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ status: 'ok', cur_tokens: 12000 });
    expect((await memberRow(m.member.id)).coinBalance).toBe(12000);
    const granted = await credits(m.member.id);
    expect(granted.map((c) => c.idempotencyKey)).toEqual([`payment:verotel:${started.session_id}`]);
    expect(await paymentRow(started.session_id)).toMatchObject({
      provider: 'verotel',
      providerRef: started.session_id,
      status: 'succeeded',
      saleId: approved.sale.saleID,
      recurring: false,
    });
  });

  it('grants once when the return page comes before the postback', async () => {
    const m = await join();
    const started = await checkout(m.headers, coinPack);
    fake.setPostbackUrl(`${origin}/not-the-postback`);
    try {
      const approved = await approve(started.url, started.session_id);
      expect(approved.status).toBe(502);
    } finally {
      fake.setPostbackUrl(postbackUrl);
    }
    expect((await memberRow(m.member.id)).coinBalance).toBe(0);
    expect((await verify(m.headers, started.session_id)).json()).toEqual({ status: 'ok', cur_tokens: 12000 });
    const late = await sendPostback(fake.postbacks.at(-1)!.params);
    expect(late.statusCode).toBe(200);
    expect(late.body).toBe('OK');
    expect((await memberRow(m.member.id)).coinBalance).toBe(12000);
    expect(await credits(m.member.id)).toHaveLength(1);
    expect((await paymentRow(started.session_id)).saleId).toBe(fake.postbacks.at(-1)!.params.saleID);
  });

  it('answers 402 on the return page for an order that was not paid', async () => {
    const m = await join();
    const started = await checkout(m.headers, coinPack);
    const res = await verify(m.headers, started.session_id);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ status: 'error', error: 'The payment was not completed.' });
    expect((await memberRow(m.member.id)).coinBalance).toBe(0);
  });

  it('sells Ultimate yearly as a recurring subscription: tier, twelve months, coins, a renewing plan', async () => {
    const m = await join();
    const before = new Date();
    const started = await checkout(m.headers, ultimateYearly);
    expect(Object.fromEntries(new URL(started.url).searchParams)).toMatchObject({
      type: 'subscription',
      period: 'P1Y',
      subscriptionType: 'recurring',
      priceAmount: '156.00',
      referenceID: started.session_id,
    });
    const { sale } = await approve(started.url, started.session_id);
    const after = new Date();
    const member = await memberRow(m.member.id);
    expect(member.memberKind).toBe('level2');
    expect(member.coinBalance).toBe(500_000);
    expect(member.membershipExpiresAt!.getTime()).toBeGreaterThanOrEqual(addMonths(before, 12).getTime());
    expect(member.membershipExpiresAt!.getTime()).toBeLessThanOrEqual(addMonths(after, 12).getTime());
    expect(await subscriptionOf(m.headers)).toEqual({
      payment_id: started.session_id,
      provider: 'verotel',
      plan_name: 'Ultimate',
      period_unit: 'yearly',
      renews: true,
      next_charge_on: sale.nextChargeOn,
      ends_at: member.membershipExpiresAt!.toISOString(),
    });
    expect((await verify(m.headers, started.session_id)).json().cur_tokens).toBe(500_000);
  });

  it('credits once for the same postback replayed 20 times, one after another and at once', async () => {
    const m = await join();
    const { sale, session_id } = await buy(m.headers, coinPack);
    const sequential = await fake.replay(20, { saleID: sale.saleID });
    const [concurrent, ...verified] = await Promise.all([
      fake.replay(20, { saleID: sale.saleID, concurrent: true }),
      verify(m.headers, session_id),
      verify(m.headers, session_id),
    ]);
    expect(verified.map((r) => r.statusCode)).toEqual([200, 200]);
    expect([...sequential, ...concurrent].every((p) => p.acknowledged)).toBe(true);
    expect((await memberRow(m.member.id)).coinBalance).toBe(12000);
    expect(await credits(m.member.id)).toHaveLength(1);
    const events = await db().paymentEvent.findMany({
      where: { provider: 'verotel', eventKey: `verotel:${sale.saleID}:${sale.transactionIDs[0]}` },
    });
    expect(events).toHaveLength(1);
    expect(events[0]!.outcome).toBe('granted');
  });

  const otherLastDigit = (hex: string) => hex.slice(0, -1) + (hex.endsWith('0') ? '1' : '0');

  it('refuses forged, tampered and unsigned postbacks with 400, changes nothing, and logs a warning', async () => {
    const m = await join();
    const started = await checkout(m.headers, coinPack);
    const genuine = {
      shopID: SHOP_ID,
      saleID: '9100010',
      referenceID: started.session_id,
      type: 'purchase',
      transactionID: '9200010',
      priceAmount: '15.00',
      priceCurrency: 'USD',
    };
    const warnings = logLines.length;
    const forged = [
      // tampered: the amount changed after signing
      await sendPostback({ ...genuine, priceAmount: '0.01' }, computeSignature(KEY, genuine)),
      await sendPostback(genuine, computeSignature(`not ${KEY}`, genuine)),
      // a SHA-1 signature with its last digit changed (to another digit: the session id is random)
      await sendPostback(genuine, otherLastDigit(computeSignature(KEY, genuine, 'sha1'))),
      await sendPostback(genuine, null),
      await sendPostback({ ...genuine, shopID: '999' }, computeSignature(KEY, { ...genuine, shopID: '999' })),
    ];
    for (const res of forged) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Postback refused/);
    }
    expect((await memberRow(m.member.id)).coinBalance).toBe(0);
    expect((await paymentRow(started.session_id)).status).toBe('pending');
    expect(await db().paymentEvent.count({ where: { provider: 'verotel', eventKey: 'verotel:9100010:9200010' } })).toBe(
      0,
    );
    const refused = logLines.slice(warnings).filter((l) => String(l.msg).startsWith('Verotel postback refused'));
    expect(refused.map((l) => (l as { reason: string }).reason)).toEqual([
      'bad_signature',
      'bad_signature',
      'bad_signature',
      'unsigned',
      'wrong_shop',
    ]);
    expect(refused.every((l) => l.level === 40 && (l.params as Record<string, string>).saleID === '9100010')).toBe(
      true,
    );
    expect(JSON.stringify(logLines)).not.toContain(KEY);
    // The fake's own forgeries of a real sale's postback, over HTTP: refused, nothing granted twice.
    const { sale } = await buy(m.headers, coinPack);
    for (const how of ['tampered', 'wrong-key', 'unsigned'] as const) {
      const sent = await fake.forge(how, { saleID: sale.saleID });
      expect(sent.status, how).toBe(400);
      expect(sent.acknowledged).toBe(false);
    }
    expect((await memberRow(m.member.id)).coinBalance).toBe(12000);
  });

  it('accepts a postback signed in the legacy SHA-1 form', async () => {
    const m = await join();
    const started = await checkout(m.headers, coinPack);
    const params = {
      shopID: SHOP_ID,
      saleID: '9100001',
      referenceID: started.session_id,
      type: 'purchase',
      transactionID: '9200001',
      priceAmount: '15.00',
      priceCurrency: 'USD',
      paymentMethod: 'CC',
    };
    const res = await sendPostback(params, computeSignature(KEY, params, 'sha1'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('OK');
    expect((await memberRow(m.member.id)).coinBalance).toBe(12000);
  });

  it('grants nothing when the postback amount differs from the order, answering OK and logging an error', async () => {
    const m = await join();
    const started = await checkout(m.headers, coinPack);
    const errors = logLines.length;
    const res = await sendPostback({
      shopID: SHOP_ID,
      saleID: '9100002',
      referenceID: started.session_id,
      type: 'purchase',
      transactionID: '9200002',
      priceAmount: '1.00',
      priceCurrency: 'USD',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
    expect((await memberRow(m.member.id)).coinBalance).toBe(0);
    const row = await paymentRow(started.session_id);
    expect(row.status).toBe('failed');
    expect(row.failureReason).toMatch(/amount mismatch/);
    expect(logLines.slice(errors).some((l) => l.level === 50 && String(l.msg).includes('not granted'))).toBe(true);
  });

  it('acknowledges and ignores a postback for a sale it does not know', async () => {
    const res = await sendPostback({
      shopID: SHOP_ID,
      saleID: '9100003',
      referenceID: '00000000-0000-4000-8000-000000000000',
      type: 'purchase',
      transactionID: '9200003',
      priceAmount: '15.00',
      priceCurrency: 'USD',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
    const event = await db().paymentEvent.findUniqueOrThrow({
      where: { provider_eventKey: { provider: 'verotel', eventKey: 'verotel:9100003:9200003' } },
    });
    expect(event.outcome).toBe('ignored');
  });

  it('extends the plan by one period with its coins once per rebill', async () => {
    const m = await join();
    const { sale, session_id } = await buy(m.headers, ultimateMonthly);
    const before = await memberRow(m.member.id);
    expect(before.coinBalance).toBe(30_000);
    const rebill = await fake.emit('rebill', sale.saleID);
    expect(rebill.acknowledged).toBe(true);
    await fake.replay(5, { saleID: sale.saleID, concurrent: true });
    const after = await memberRow(m.member.id);
    expect(after.coinBalance).toBe(60_000);
    expect(after.memberKind).toBe('level2');
    expect(after.membershipExpiresAt!.toISOString()).toBe(addMonths(before.membershipExpiresAt!, 1).toISOString());
    expect((await paymentRow(session_id)).nextChargeOn!.toISOString().slice(0, 10)).toBe(rebill.params.nextChargeOn);
    expect(await credits(m.member.id)).toHaveLength(2);
    expect((await subscriptionOf(m.headers))?.next_charge_on).toBe(rebill.params.nextChargeOn);
  });

  it('cancels through the signed cancel page: renewal stops, the membership runs to its end', async () => {
    const m = await join();
    const { sale } = await buy(m.headers, ultimateMonthly);
    const before = await memberRow(m.member.id);
    const res = await post(API_PATHS.cancelSubscription, m.headers, {});
    expect(res.statusCode, res.body).toBe(200);
    const cancelUrl = new URL(res.json().url as string);
    expect(cancelUrl.pathname).toBe('/cancel-subscription');
    expect(cancelUrl.searchParams.get('saleID')).toBe(sale.saleID);
    expect((await fetch(cancelUrl)).status).toBe(200);
    const confirmed = await fetch(`${fake.url}/cancel-subscription/${sale.saleID}/confirm`, { method: 'POST' });
    expect(confirmed.status).toBe(200);
    expect(fake.postbacks.at(-1)).toMatchObject({ acknowledged: true });
    const after = await memberRow(m.member.id);
    expect(after.memberKind).toBe('level2');
    expect(after.membershipExpiresAt).toEqual(before.membershipExpiresAt);
    expect(await subscriptionOf(m.headers)).toMatchObject({
      renews: false,
      next_charge_on: null,
      ends_at: before.membershipExpiresAt!.toISOString(),
    });
    expect((await post(API_PATHS.cancelSubscription, m.headers, {})).statusCode).toBe(409);
  });

  it('ends cancelled after cancel, uncancel and cancel on one day', async () => {
    const m = await join();
    const { sale } = await buy(m.headers, ultimateMonthly);
    for (const event of ['cancel', 'uncancel', 'cancel'] as const) {
      expect((await fake.emit(event, sale.saleID)).acknowledged).toBe(true);
    }
    expect(await subscriptionOf(m.headers)).toMatchObject({ renews: false, next_charge_on: null });
    await fake.emit('uncancel', sale.saleID);
    expect(await subscriptionOf(m.headers)).toMatchObject({ renews: true, next_charge_on: sale.nextChargeOn });
  });

  it('moves the end date on extend (never earlier) and ends a plan whose time has come on expiry', async () => {
    const m = await join();
    const { sale } = await buy(m.headers, ultimateMonthly);
    const before = (await memberRow(m.member.id)).membershipExpiresAt!;
    const extended = await fake.emit('extend', sale.saleID, { days: 7 });
    expect(extended.acknowledged).toBe(true);
    const after = (await memberRow(m.member.id)).membershipExpiresAt!;
    expect(after.toISOString().slice(0, 10)).toBe(extended.params.nextChargeOn);
    expect(after.getTime()).toBeGreaterThan(before.getTime());
    expect((await subscriptionOf(m.headers))?.next_charge_on).toBe(extended.params.nextChargeOn);
    // Its time has come (backdated here): Verotel's expiry ends it.
    await db().member.update({
      where: { id: m.member.id },
      data: { membershipExpiresAt: new Date(Date.now() - 1000) },
    });
    expect((await fake.emit('expiry', sale.saleID)).acknowledged).toBe(true);
    expect((await memberRow(m.member.id)).memberKind).toBe('free');
    expect(await subscriptionOf(m.headers)).toBeNull();
  });

  it('has no subscription and nothing to cancel for a member without a renewing plan', async () => {
    const m = await join();
    expect(await subscriptionOf(m.headers)).toBeNull();
    expect((await post(API_PATHS.cancelSubscription, m.headers, {})).statusCode).toBe(404);
  });

  it('reverses a charged-back coin pack without going negative: shortfall recorded, member flagged', async () => {
    const m = await join();
    const { sale, session_id } = await buy(m.headers, coinPack);
    await postLedgerEntryAlone(db(), {
      memberId: m.member.id,
      delta: -10_000,
      reason: 'generation',
      idempotencyKey: `test-spend:${m.member.id}`,
    });
    const chargeback = await fake.emit('chargeback', sale.saleID);
    expect(chargeback.acknowledged).toBe(true);
    await fake.replay(3, { saleID: sale.saleID, concurrent: true });
    const member = await memberRow(m.member.id);
    expect(member.coinBalance).toBe(0);
    expect(member.flagged).toBe(true);
    expect(await paymentRow(session_id)).toMatchObject({
      status: 'refunded',
      failureReason: 'disputed',
      reversedCoins: 2000,
      shortfallCoins: 10_000,
    });
  });

  it('reverses a refunded rebill by its own grant and ends the membership', async () => {
    const m = await join();
    const { sale, session_id } = await buy(m.headers, ultimateMonthly);
    await fake.emit('rebill', sale.saleID);
    expect((await memberRow(m.member.id)).coinBalance).toBe(60_000);
    const credit = await fake.emit('credit', sale.saleID);
    expect(credit.acknowledged).toBe(true);
    expect(credit.params.parentID).toBe(sale.transactionIDs[1]);
    const member = await memberRow(m.member.id);
    expect(member.coinBalance).toBe(30_000);
    expect(member.memberKind).toBe('free');
    expect(await subscriptionOf(m.headers)).toBeNull();
    const row = await paymentRow(session_id);
    expect(row).toMatchObject({ status: 'succeeded', reversedCoins: 30_000, shortfallCoins: 0, nextChargeOn: null });
    expect(row.renewalStoppedAt).not.toBeNull();
    const reversal = await db().ledgerEntry.findUnique({
      where: { idempotencyKey: `payment_reversal:verotel:${sale.saleID}:${sale.transactionIDs[1]}` },
    });
    expect(reversal?.delta).toBe(-30_000);
  });

  it('keeps a renewing plan from our expiry job for a day past its end, not a cancelled one', async () => {
    const renewing = await join();
    await buy(renewing.headers, ultimateMonthly);
    const cancelled = await join();
    const { sale } = await buy(cancelled.headers, ultimateMonthly);
    await fake.emit('cancel', sale.saleID);
    const hourAgo = new Date(Date.now() - 3_600_000);
    await db().member.updateMany({
      where: { id: { in: [renewing.member.id, cancelled.member.id] } },
      data: { membershipExpiresAt: hourAgo },
    });
    await expireMemberships(db());
    expect((await memberRow(renewing.member.id)).memberKind).toBe('level2');
    expect((await memberRow(cancelled.member.id)).memberKind).toBe('free');
    // A day and more past the end with no rebill: it ends after all.
    await expireMemberships(db(), new Date(Date.now() + 25 * 3_600_000));
    expect((await memberRow(renewing.member.id)).memberKind).toBe('free');
  });

  it('stops start-up naming the variable when CARD_PROCESSOR=verotel has no keys', () => {
    expect(() => createCardPayments({ CARD_PROCESSOR: 'verotel' } as never)).toThrow(
      /VEROTEL_SHOP_ID: required when CARD_PROCESSOR=verotel/,
    );
    expect(() => createCardPayments({ CARD_PROCESSOR: 'verotel', VEROTEL_SHOP_ID: '1' } as never)).toThrow(
      /VEROTEL_SIGNATURE_KEY/,
    );
    expect(() => testConfig({ CARD_PROCESSOR: 'paypal' })).toThrow(/CARD_PROCESSOR/);
    // Unset: Verotel when only its keys are set.
    expect(createCardPayments({ VEROTEL_SHOP_ID: '1', VEROTEL_SIGNATURE_KEY: 'k' } as never)?.name).toBe('verotel');
  });
});
