// The NOWPayments fake (test/support/fakes/fake-nowpayments.ts) against this folder's client, IPN check
// and status rules, over real HTTP on 127.0.0.1: invoice -> hosted page -> signed IPNs to a tiny local
// receiver that plays the IPN route (verify, decide, count credits), then replays and forgeries.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FAKE_XRP_ADDRESS,
  startFakeNowPayments,
  type FakeNowPayments,
  type FakeSignatureForm,
} from '../../../../test/support/fakes/fake-nowpayments.ts';
import { WebhookSignatureError } from '../index.ts';
import { NowPaymentsClient } from './client.ts';
import { readIpn } from './ipn.ts';
import { decideNowPaymentsUpdate, type NowPaymentsDepositState } from './status.ts';

const API_KEY = 'fake-api-key';
const IPN_SECRET = 'fake-ipn-secret';

interface Receiver {
  url: string;
  deposits: Map<string, NowPaymentsDepositState>;
  credits: string[];
  refused: string[];
  statuses: string[];
  close(): Promise<void>;
}

/** What the IPN route will do: 400 for a bad signature (nothing changes), else decide and apply. */
async function startReceiver(): Promise<Receiver> {
  const deposits = new Map<string, NowPaymentsDepositState>();
  const credits: string[] = [];
  const refused: string[] = [];
  const statuses: string[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      const update = readIpn(Buffer.concat(chunks), req.headers['x-nowpayments-sig'], IPN_SECRET);
      statuses.push(update.rawStatus);
      const key = update.orderId ?? '';
      const current = deposits.get(key) ?? { status: 'pending', outcome: null, needsReview: false };
      const decision = decideNowPaymentsUpdate(current, update, 0.5);
      if (decision.action === 'credit') credits.push(decision.creditKey);
      if (decision.action !== 'ignore') {
        deposits.set(key, { status: decision.status, outcome: decision.outcome, needsReview: decision.needsReview });
      }
      res.writeHead(200).end('ok');
    } catch (err) {
      refused.push(err instanceof WebhookSignatureError ? err.message : `unexpected: ${String(err)}`);
      res.writeHead(400).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ipn`,
    deposits,
    credits,
    refused,
    statuses,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let fake: FakeNowPayments | undefined;
let receiver: Receiver | undefined;

afterEach(async () => {
  await fake?.stop();
  await receiver?.close();
  fake = receiver = undefined;
});

async function setUp(signatureForm?: FakeSignatureForm) {
  receiver = await startReceiver();
  fake = await startFakeNowPayments({
    apiKey: API_KEY,
    ipnSecret: IPN_SECRET,
    ...(signatureForm ? { signatureForm } : {}),
  });
  const client = new NowPaymentsClient({ apiKey: API_KEY, baseUrl: fake.url });
  const invoice = await client.createInvoice({
    priceAmountCents: 4990,
    priceCurrency: 'usd',
    orderId: 'deposit-1',
    orderDescription: 'Premium, monthly',
    ipnCallbackUrl: receiver.url,
    successUrl: 'http://velvet.test/payment-success',
    cancelUrl: 'http://velvet.test/payment-cancel',
  });
  return { client, invoice, receiver, fake };
}

/** Presses a button of the invoice page, as a browser would submit its form. */
async function press(invoiceUrl: string, action: string, payCurrency = 'btc') {
  const page = await fetch(invoiceUrl);
  const html = await page.text();
  const iid = /name="iid" value="(\d+)"/.exec(html)?.[1];
  const formAction = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  const res = await fetch(new URL(formAction!, invoiceUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ iid: iid!, action, pay_currency: payCurrency }).toString(),
    redirect: 'manual',
  });
  return { html, status: res.status, location: res.headers.get('location') };
}

describe('the NOWPayments fake, end to end', () => {
  it('rejects API calls without the API key', async () => {
    const { fake } = await setUp();
    const client = new NowPaymentsClient({ apiKey: 'wrong', baseUrl: fake.url });
    await expect(client.getPayment('1')).rejects.toMatchObject({ status: 403 });
  });

  it('pay in full: signed IPNs credit once, the page returns to success_url, and 20 replays credit nothing', async () => {
    const { client, invoice, receiver, fake } = await setUp();
    expect(invoice.invoiceUrl).toBe(`${fake.url}/payment/?iid=${invoice.id}`);
    const pressed = await press(invoice.invoiceUrl, 'full', 'eth');
    for (const label of ['Pay in full', 'Pay part', 'Let it expire']) expect(pressed.html).toContain(label);
    expect([pressed.status, pressed.location]).toEqual([303, 'http://velvet.test/payment-success']);
    expect(receiver.statuses).toEqual(['waiting', 'confirming', 'confirmed', 'sending', 'finished']);
    expect(receiver.refused).toEqual([]);
    const paymentId = fake.ipns[0]!.paymentId;
    expect(receiver.credits).toEqual([`nowpayments:${paymentId}`]);
    expect(receiver.deposits.get('deposit-1')).toEqual({ status: 'credited', outcome: null, needsReview: false });

    const replay = await fetch(`${fake.url}/__control/replay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payment_id: paymentId, times: 20 }),
    });
    const { sent } = (await replay.json()) as { sent: Array<{ answer: number }> };
    expect(sent.map((s) => s.answer)).toEqual(Array(20).fill(200));
    expect(receiver.credits).toHaveLength(1);

    // The status call agrees with the IPNs: 49.90 US$ at the fake's 2,500 US$/ETH.
    expect(await client.getPayment(String(paymentId))).toMatchObject({
      status: 'finished',
      payCurrency: 'eth',
      payAmount: '0.01996',
      actuallyPaid: '0.01996',
      orderId: 'deposit-1',
    });
  });

  it.each(['tampered', 'wrong-secret', 'unsigned'] as const)('a %s IPN is refused and credits nothing', async (how) => {
    const { invoice, receiver, fake } = await setUp();
    await fake.act(invoice.id, 'part');
    const paymentId = fake.ipns[0]!.paymentId;
    const forged = await fake.forge(paymentId, how);
    expect(forged.answer).toBe(400);
    expect(receiver.refused).toHaveLength(1);
    expect(receiver.credits).toEqual([]);
    expect(receiver.deposits.get('deposit-1')).toEqual({
      status: 'confirmed',
      outcome: 'underpaid',
      needsReview: true,
    });
  });

  it('pay part: underpaid for review, back to the cancel page; a later finished credits once', async () => {
    const { invoice, receiver, fake } = await setUp();
    const pressed = await press(invoice.invoiceUrl, 'part');
    expect([pressed.status, pressed.location]).toEqual([303, 'http://velvet.test/payment-cancel']);
    expect(receiver.statuses).toEqual(['waiting', 'confirming', 'partially_paid']);
    expect(receiver.deposits.get('deposit-1')).toEqual({
      status: 'confirmed',
      outcome: 'underpaid',
      needsReview: true,
    });
    const paymentId = fake.ipns[0]!.paymentId;
    await fake.sendStatus(paymentId, 'finished', { actually_paid: fake.payments.get(paymentId)!.pay_amount });
    await fake.replay(paymentId, 3);
    expect(receiver.credits).toEqual([`nowpayments:${paymentId}`]);
    expect(receiver.deposits.get('deposit-1')).toEqual({ status: 'credited', outcome: null, needsReview: false });
  });

  it('let it expire: the deposit expires and nothing is credited', async () => {
    const { invoice, receiver } = await setUp();
    const pressed = await press(invoice.invoiceUrl, 'expire');
    expect(pressed.location).toBe('http://velvet.test/payment-cancel');
    expect(receiver.statuses).toEqual(['waiting', 'expired']);
    expect(receiver.deposits.get('deposit-1')).toEqual({ status: 'expired', outcome: null, needsReview: false });
    expect(receiver.credits).toEqual([]);
  });

  it("the invoice's payment in a chosen coin: the address, amount and tag the wallet modal shows", async () => {
    const { client, invoice, receiver, fake } = await setUp();
    const payment = await client.createInvoicePayment({ invoiceId: invoice.id, payCurrency: 'xrp' });
    // 49.90 US$ at the fake's 0.5 US$/XRP; XRP payments share one address and differ by tag.
    expect(payment).toMatchObject({
      status: 'waiting',
      payAddress: FAKE_XRP_ADDRESS,
      payAmount: '99.8',
      payCurrency: 'xrp',
    });
    expect(payment.payinExtraId).toMatch(/^\d+$/);
    expect(payment.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    // One payment per invoice; paying it sends its IPNs under the same id.
    await expect(client.createInvoicePayment({ invoiceId: invoice.id, payCurrency: 'btc' })).rejects.toMatchObject({
      status: 400,
    });
    await fake.act(invoice.id, 'full');
    expect(new Set(fake.ipns.map((i) => String(i.paymentId)))).toEqual(new Set([payment.paymentId]));
    expect(receiver.credits).toEqual([`nowpayments:${payment.paymentId}`]);
  });

  it('IPNs signed in the older documented (replacer) form verify too', async () => {
    const { invoice, receiver, fake } = await setUp('replacer');
    await fake.act(invoice.id, 'full');
    expect(receiver.refused).toEqual([]);
    expect(receiver.credits).toHaveLength(1);
  });
});
