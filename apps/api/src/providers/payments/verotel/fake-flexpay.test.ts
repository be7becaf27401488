// The FlexPay fake (test/support/fakes/fake-flexpay.ts) driven the way the app and a buyer's browser will
// drive it: signed URLs from urls.ts, postbacks read by postback.ts in a tiny local receiver.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeFlexPay, type FakeFlexPay } from '../../../../test/support/fakes/fake-flexpay.ts';
import { FlexPayPostbackError, parsePostback, type FlexPayPostbackEvent } from './postback.ts';
import { verifyPostbackSignature } from './signature.ts';
import {
  buildCancelSubscriptionUrl,
  buildPurchaseUrl,
  buildStatusUrl,
  buildSubscriptionUrl,
  fetchSaleStatus,
  type FlexPayConfig,
} from './urls.ts';

const KEY = 'fake-flexpay-signature-key';
const NOW = new Date('2026-11-24T10:00:00Z');

interface Receiver {
  url: string;
  /** Every postback as parsed by postback.ts (or the error it threw). */
  received: Array<FlexPayPostbackEvent | Error>;
  answer: string;
  close(): Promise<void>;
}

/** Stands in for the app's postback route: verify, record, answer `answer` (OK unless a test says). */
async function startReceiver(): Promise<Receiver> {
  const receiver = { received: [], answer: 'OK' } as unknown as Receiver;
  const server = http.createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://receiver').searchParams;
    try {
      receiver.received.push(parsePostback(query, KEY));
    } catch (err) {
      receiver.received.push(err as Error);
    }
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(receiver.answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payment/verotel/postback`;
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}

let receiver: Receiver;
let fake: FakeFlexPay;
let config: FlexPayConfig;
let nextReference = 1;
const reference = () => `pay_${nextReference++}`;

beforeAll(async () => {
  receiver = await startReceiver();
  fake = await startFakeFlexPay({ key: KEY, postbackUrl: receiver.url, now: () => NOW });
  config = { baseUrl: fake.url, shopId: fake.shopId, signatureKey: KEY };
});
afterAll(async () => {
  await fake.close();
  await receiver.close();
});
afterEach(() => {
  receiver.answer = 'OK';
});

const events = () => receiver.received.filter((e): e is FlexPayPostbackEvent => !(e instanceof Error));

/** Opens the order page and presses a button, as the buyer would; the redirect is not followed. */
async function pressOnOrderPage(orderUrl: string, button: 'approve' | 'decline'): Promise<Response> {
  const page = await fetch(orderUrl);
  expect(page.status).toBe(200);
  const action = new RegExp(`action="([^"]+/${button})"`).exec(await page.text())?.[1];
  expect(action).toBeDefined();
  return fetch(`${fake.url}${action}`, { method: 'POST', redirect: 'manual' });
}

async function control(name: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${fake.url}/__control/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function purchaseUrl(referenceID: string, overrides: Partial<FlexPayConfig> = {}): string {
  return buildPurchaseUrl(
    { ...config, ...overrides },
    {
      amountCents: 999,
      currency: 'USD',
      description: '1000 coins',
      referenceID,
      successURL: 'https://velvet.test/payment-success?method=card',
      declineURL: 'https://velvet.test/payment-cancel',
    },
  );
}

async function buySubscription(): Promise<FlexPayPostbackEvent & { event: 'initial' }> {
  const before = events().length;
  const url = buildSubscriptionUrl(config, {
    amountCents: 9999,
    currency: 'USD',
    name: 'Ultimate, yearly',
    period: 'P1Y',
    referenceID: reference(),
    successURL: 'https://velvet.test/payment-success',
  });
  expect((await pressOnOrderPage(url, 'approve')).status).toBe(303);
  const initial = events()[before];
  if (initial?.event !== 'initial') throw new Error('no initial postback');
  return initial;
}

describe('startorder', () => {
  it('refuses a tampered or wrongly keyed order, and opens no order', async () => {
    const ordersBefore = fake.orders.size;
    const tampered = purchaseUrl(reference()).replace('priceAmount=9.99', 'priceAmount=0.01');
    const res = await fetch(tampered);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Invalid signature');
    expect((await fetch(purchaseUrl(reference(), { signatureKey: 'another key' }))).status).toBe(400);
    expect((await fetch(purchaseUrl(reference(), { shopId: '1' }))).status).toBe(400);
    expect(fake.orders.size).toBe(ordersBefore);
  });

  it('approve: sends the signed purchase postback, then returns the buyer to successURL, signed', async () => {
    const before = receiver.received.length;
    const referenceID = reference();
    const res = await pressOnOrderPage(purchaseUrl(referenceID), 'approve');
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('https://velvet.test/payment-success');
    expect(location.searchParams.get('method')).toBe('card');
    const { method: _method, ...back } = Object.fromEntries(location.searchParams);
    expect(verifyPostbackSignature(back, KEY).ok).toBe(true);

    expect(receiver.received.slice(before)).toHaveLength(1);
    const postback = receiver.received[before] as FlexPayPostbackEvent;
    expect(postback).toMatchObject({
      event: 'purchase',
      referenceID,
      saleID: back.saleID,
      amountCents: 999,
      currency: 'USD',
      signatureAlgorithm: 'sha256',
    });
    if (postback.event !== 'purchase') throw new Error('not a purchase');
    expect(postback.idempotencyKey).toBe(`verotel:${postback.saleID}:${postback.transactionID}`);

    // The order is done: a second approve (a double click) sells nothing more.
    const order = [...fake.orders.values()].find((o) => o.params.referenceID === referenceID)!;
    const again = await fetch(`${fake.url}/startorder/${order.id}/approve`, { method: 'POST', redirect: 'manual' });
    expect(again.status).toBe(409);
    expect(receiver.received.slice(before)).toHaveLength(1);
  });

  it('refuses a second order with a referenceID already sold', async () => {
    const referenceID = reference();
    expect((await pressOnOrderPage(purchaseUrl(referenceID), 'approve')).status).toBe(303);
    expect((await fetch(purchaseUrl(referenceID))).status).toBe(400);
  });

  it('decline: back to declineURL, no postback', async () => {
    const before = receiver.received.length;
    const res = await pressOnOrderPage(purchaseUrl(reference()), 'decline');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('https://velvet.test/payment-cancel');
    expect(receiver.received).toHaveLength(before);
  });

  it('does not send the buyer back while the merchant has not answered OK', async () => {
    receiver.answer = 'ERROR';
    const res = await pressOnOrderPage(purchaseUrl(reference()), 'approve');
    expect(res.status).toBe(502);
    expect(res.headers.get('location')).toBeNull();
    expect(fake.postbacks.at(-1)).toMatchObject({ acknowledged: false, body: 'ERROR' });
  });
});

describe('salestatus', () => {
  it('answers a signed lookup by referenceID or saleID, NOTFOUND for an unknown sale', async () => {
    const referenceID = reference();
    await pressOnOrderPage(purchaseUrl(referenceID), 'approve');
    const byReference = await fetchSaleStatus(config, { referenceID });
    expect(byReference).toMatchObject({ response: 'FOUND', approved: true, referenceID, amountCents: 999 });
    if (byReference.response !== 'FOUND') throw new Error('not found');
    expect(await fetchSaleStatus(config, { saleID: byReference.saleID! })).toMatchObject({ referenceID });
    expect((await fetchSaleStatus(config, { referenceID: 'never-sold' })).response).toBe('NOTFOUND');
  });

  it('refuses an unsigned or tampered lookup', async () => {
    const tampered = buildStatusUrl(config, { saleID: '1' }).replace('saleID=1', 'saleID=2');
    const res = await fetch(tampered);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('response: ERROR');
    const wrongKey = await fetchSaleStatus({ ...config, signatureKey: 'another key' }, { saleID: '1' });
    expect(wrongKey).toMatchObject({ response: 'ERROR', message: 'salestatus answered HTTP 400: Invalid signature' });
  });
});

describe('subscriptions and the control API', () => {
  it('starts a yearly recurring subscription with its first rebill a year ahead (the fake clock)', async () => {
    expect(await buySubscription()).toMatchObject({
      subscriptionType: 'recurring',
      period: 'P1Y',
      nextChargeOn: '2027-11-24',
      amountCents: 9999,
    });
  });

  it('rebill: a new transaction, the next charge date moved one period, signed', async () => {
    const initial = await buySubscription();
    const res = await control('rebill', { saleID: initial.saleID });
    expect(res.status).toBe(200);
    const rebill = events().at(-1)!;
    expect(rebill).toMatchObject({
      event: 'rebill',
      saleID: initial.saleID,
      nextChargeOn: '2028-11-24',
      amountCents: 9999,
    });
    if (rebill.event !== 'rebill') throw new Error('not a rebill');
    expect(rebill.transactionID).not.toBe(initial.transactionID);
    expect(rebill.idempotencyKey).toBe(`verotel:${initial.saleID}:${rebill.transactionID}`);
  });

  it("cancel-subscription: the buyer confirms, renewal stops at the period's end", async () => {
    const initial = await buySubscription();
    const page = await fetch(buildCancelSubscriptionUrl(config, { saleID: initial.saleID }));
    const action = /action="([^"]+\/confirm)"/.exec(await page.text())?.[1];
    expect((await fetch(`${fake.url}${action}`, { method: 'POST' })).status).toBe(200);
    expect(events().at(-1)).toMatchObject({ event: 'cancel', saleID: initial.saleID, expiresOn: '2027-11-24' });
    // A cancelled subscription is not rebilled.
    expect((await control('rebill', { saleID: initial.saleID })).status).toBe(409);
    expect((await fetch(buildCancelSubscriptionUrl({ ...config, signatureKey: 'x' }, initial))).status).toBe(400);
  });

  it('cancel and expiry from the control API', async () => {
    const initial = await buySubscription();
    expect((await control('cancel', { saleID: initial.saleID })).status).toBe(200);
    expect(events().at(-1)).toMatchObject({ event: 'cancel', cancelledBy: 'user' });
    expect((await control('expiry', { saleID: initial.saleID })).status).toBe(200);
    expect(events().at(-1)).toMatchObject({ event: 'expiry', idempotencyKey: `verotel:${initial.saleID}:expiry` });
  });

  it('credit and chargeback name the transaction they reverse, once each', async () => {
    const initial = await buySubscription();
    await control('rebill', { saleID: initial.saleID });
    const rebill = events().at(-1)!;
    if (rebill.event !== 'rebill') throw new Error('not a rebill');
    expect((await control('credit', { saleID: initial.saleID, parentID: initial.transactionID })).status).toBe(200);
    expect(events().at(-1)).toMatchObject({
      event: 'credit',
      parentID: initial.transactionID,
      amountCents: 9999,
      subscriptionPhase: 'terminated',
    });
    expect((await control('chargeback', { saleID: initial.saleID })).status).toBe(200);
    expect(events().at(-1)).toMatchObject({ event: 'chargeback', parentID: rebill.transactionID });
    expect((await control('chargeback', { saleID: initial.saleID })).status).toBe(409);
    expect((await control('chargeback', { saleID: 'no-such-sale' })).status).toBe(404);
  });

  it('replays the last postback N times: identical, validly signed, one idempotency key', async () => {
    const initial = await buySubscription();
    await control('rebill', { saleID: initial.saleID });
    const before = receiver.received.length;
    const res = await control('replay', { times: 20, concurrent: true });
    expect(res.status).toBe(200);
    const replayed = receiver.received.slice(before);
    expect(replayed).toHaveLength(20);
    for (const event of replayed) {
      expect(event).not.toBeInstanceOf(Error);
      expect(event).toMatchObject({
        event: 'rebill',
        idempotencyKey: (events()[before - 1] as FlexPayPostbackEvent).idempotencyKey,
      });
    }
    expect(
      ((await res.json()) as { postbacks: Array<{ acknowledged: boolean }> }).postbacks.every((p) => p.acknowledged),
    ).toBe(true);
  });

  it('forges the last postback three ways, each refused by the postback parser with a typed error', async () => {
    const initial = await buySubscription();
    const codes: string[] = [];
    for (const how of ['tampered', 'wrong-key', 'unsigned']) {
      const before = receiver.received.length;
      expect((await control('forge', { how, saleID: initial.saleID })).status).toBe(200);
      const received = receiver.received.slice(before);
      expect(received).toHaveLength(1);
      expect(received[0]).toBeInstanceOf(FlexPayPostbackError);
      codes.push((received[0] as FlexPayPostbackError).code);
    }
    expect(codes).toEqual(['bad_signature', 'bad_signature', 'unsigned']);
    expect((await control('forge', { how: 'politely' })).status).toBe(400);
  });
});
