// The answers are the examples of NOWPayments' API documentation ("Create invoice" 201, "Get payment
// status" 200; Postman collection 422a8b0d-ed97-46e9-847c-36e147397c00, as stored in
// DishIs/fce-frontend postman.json @ 12666adb9878a7132fddaf50bc66fdc45bf2c07e).
import { describe, expect, it } from 'vitest';
import {
  NOWPAYMENTS_LIVE_URL,
  NOWPAYMENTS_SANDBOX_URL,
  NowPaymentsApiError,
  NowPaymentsClient,
  type CreateInvoiceRequest,
} from './client.ts';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch that records each call and answers with `reply`. */
function stubFetch(reply: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: init?.headers as Record<string, string>,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return reply(call);
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const DOCS_INVOICE = {
  id: '4522625843',
  order_id: 'RGDBP-21314',
  order_description: 'Apple Macbook Pro 2019 x 1',
  price_amount: '1000',
  price_currency: 'usd',
  pay_currency: null,
  ipn_callback_url: 'https://nowpayments.io',
  invoice_url: 'https://nowpayments.io/payment/?iid=4522625843',
  success_url: 'https://nowpayments.io',
  cancel_url: 'https://nowpayments.io',
  created_at: '2020-12-22T15:05:58.290Z',
  updated_at: '2020-12-22T15:05:58.290Z',
};

const REQUEST: CreateInvoiceRequest = {
  priceAmountCents: 1999,
  priceCurrency: 'usd',
  orderId: '0192f0a4-7c1e-7000-8000-000000000001',
  orderDescription: '3600 coins',
  ipnCallbackUrl: 'https://velvet.example/api/payments/nowpayments/ipn',
  successUrl: 'https://velvet.example/payment-success',
  cancelUrl: 'https://velvet.example/payment-cancel',
};

describe('NOWPayments client', () => {
  it('creates an invoice with the API key and the documented fields', async () => {
    const { fetch, calls } = stubFetch(() => json(201, DOCS_INVOICE));
    const client = new NowPaymentsClient({ apiKey: 'key-1', fetch });
    const invoice = await client.createInvoice(REQUEST);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: `${NOWPAYMENTS_LIVE_URL}/v1/invoice`,
      method: 'POST',
      headers: { 'x-api-key': 'key-1', 'content-type': 'application/json' },
    });
    expect(calls[0]!.body).toEqual({
      price_amount: 19.99,
      price_currency: 'usd',
      order_id: REQUEST.orderId,
      order_description: '3600 coins',
      ipn_callback_url: REQUEST.ipnCallbackUrl,
      success_url: REQUEST.successUrl,
      cancel_url: REQUEST.cancelUrl,
    });
    expect(invoice).toEqual({
      id: '4522625843',
      invoiceUrl: 'https://nowpayments.io/payment/?iid=4522625843',
      orderId: 'RGDBP-21314',
      priceAmount: '1000',
      priceCurrency: 'usd',
      createdAt: new Date('2020-12-22T15:05:58.290Z'),
    });
  });

  it('sends prices in cents as exact currency amounts', async () => {
    const { fetch, calls } = stubFetch(() => json(201, DOCS_INVOICE));
    const client = new NowPaymentsClient({ apiKey: 'k', fetch });
    for (const cents of [1, 10, 999, 4990, 11988, 123456789]) {
      await client.createInvoice({ ...REQUEST, priceAmountCents: cents, payCurrency: 'btc' });
    }
    const sent = calls.map((c) => JSON.stringify((c.body as { price_amount: number }).price_amount));
    expect(sent).toEqual(['0.01', '0.1', '9.99', '49.9', '119.88', '1234567.89']);
    expect((calls[0]!.body as { pay_currency: string }).pay_currency).toBe('btc');
    await expect(client.createInvoice({ ...REQUEST, priceAmountCents: 19.5 })).rejects.toThrow(RangeError);
  });

  it('talks to the sandbox or a fake when given its base URL', async () => {
    const { fetch, calls } = stubFetch(() => json(201, DOCS_INVOICE));
    await new NowPaymentsClient({ apiKey: 'k', baseUrl: NOWPAYMENTS_SANDBOX_URL, fetch }).createInvoice(REQUEST);
    await new NowPaymentsClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1:18450/', fetch }).createInvoice(REQUEST);
    expect(calls.map((c) => c.url)).toEqual([
      'https://api-sandbox.nowpayments.io/v1/invoice',
      'http://127.0.0.1:18450/v1/invoice',
    ]);
  });

  it('reads a payment like an IPN', async () => {
    const { fetch, calls } = stubFetch(() =>
      json(200, {
        payment_id: 6249365965,
        invoice_id: null,
        payment_status: 'finished',
        pay_address: 'address',
        price_amount: 1,
        price_currency: 'usd',
        pay_amount: 11.8,
        actually_paid: 12,
        pay_currency: 'trx',
        order_id: null,
        purchase_id: 5312822613,
        outcome_amount: 11.8405,
        outcome_currency: 'trx',
      }),
    );
    const payment = await new NowPaymentsClient({ apiKey: 'k', fetch }).getPayment('6249365965');
    expect(calls[0]).toMatchObject({ url: `${NOWPAYMENTS_LIVE_URL}/v1/payment/6249365965`, method: 'GET' });
    expect(calls[0]!.headers['x-api-key']).toBe('k');
    expect(payment).toMatchObject({
      paymentId: '6249365965',
      status: 'finished',
      payAmount: '11.8',
      actuallyPaid: '12',
    });
  });

  it('creates the invoice’s payment in one coin and reads its address, amount and tag', async () => {
    // The "Create payment" answer of the documentation, as "Create payment by invoice" returns it.
    const answer = {
      payment_id: '5745459419',
      payment_status: 'waiting',
      pay_address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
      price_amount: 3999.5,
      price_currency: 'usd',
      pay_amount: 7999.000001,
      pay_currency: 'xrp',
      order_id: 'RGDBP-21314',
      order_description: 'Apple Macbook Pro 2019 x 1',
      ipn_callback_url: 'https://nowpayments.io',
      created_at: '2020-12-22T15:00:22.742Z',
      updated_at: '2020-12-22T15:00:22.742Z',
      purchase_id: '5837122679',
      amount_received: null,
      payin_extra_id: '1234567',
      smart_contract: '',
      network: 'xrp',
      network_precision: 6,
      time_limit: null,
      burning_percent: null,
      expiration_estimate_date: '2020-12-23T15:00:22.742Z',
    };
    const { fetch, calls } = stubFetch(() => json(201, answer));
    const payment = await new NowPaymentsClient({ apiKey: 'k', fetch }).createInvoicePayment({
      invoiceId: '4522625843',
      payCurrency: 'xrp',
    });
    expect(calls[0]).toMatchObject({ url: `${NOWPAYMENTS_LIVE_URL}/v1/invoice-payment`, method: 'POST' });
    expect(calls[0]!.body).toEqual({ iid: '4522625843', pay_currency: 'xrp' });
    expect(payment).toEqual({
      paymentId: '5745459419',
      status: 'waiting',
      payAddress: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
      payAmount: '7999.000001',
      payCurrency: 'xrp',
      payinExtraId: '1234567',
      orderId: 'RGDBP-21314',
      expiresAt: new Date('2020-12-23T15:00:22.742Z'),
    });
    // A numeric id and no tag or estimate are read too; an answer without an address or amount is refused.
    const numeric = stubFetch(() =>
      json(201, { ...answer, payment_id: 42, payin_extra_id: null, expiration_estimate_date: null }),
    );
    expect(
      await new NowPaymentsClient({ apiKey: 'k', fetch: numeric.fetch }).createInvoicePayment({
        invoiceId: '1',
        payCurrency: 'xrp',
      }),
    ).toMatchObject({ paymentId: '42', payinExtraId: null, expiresAt: null });
    for (const broken of [{ pay_address: '' }, { pay_amount: 0 }, { pay_amount: 'lots' }, { payment_id: null }]) {
      const bad = stubFetch(() => json(201, { ...answer, ...broken }));
      await expect(
        new NowPaymentsClient({ apiKey: 'k', fetch: bad.fetch }).createInvoicePayment({
          invoiceId: '1',
          payCurrency: 'xrp',
        }),
        JSON.stringify(broken),
      ).rejects.toThrow(NowPaymentsApiError);
    }
  });

  it('refuses a payment id that is not a number before calling out', async () => {
    const { fetch, calls } = stubFetch(() => json(200, {}));
    await expect(new NowPaymentsClient({ apiKey: 'k', fetch }).getPayment('1/../../v1/balance')).rejects.toThrow(
      RangeError,
    );
    expect(calls).toHaveLength(0);
  });

  it('fails with the status and NOWPayments’ message, never the API key', async () => {
    const { fetch } = stubFetch(() =>
      json(403, { status: false, statusCode: 403, code: 'INVALID_API_KEY', message: 'Invalid api key' }),
    );
    const err = await new NowPaymentsClient({ apiKey: 'secret-key-123', fetch }).createInvoice(REQUEST).catch((e) => e);
    expect(err).toBeInstanceOf(NowPaymentsApiError);
    expect([err.status, err.message]).toEqual([403, 'POST /v1/invoice: HTTP 403 Invalid api key']);
    expect(err.message).not.toContain('secret-key-123');
  });

  it('fails on an answer without an invoice_url, on no answer, and on a timeout', async () => {
    const incomplete = stubFetch(() => json(201, { id: '1' }));
    await expect(
      new NowPaymentsClient({ apiKey: 'k', fetch: incomplete.fetch }).createInvoice(REQUEST),
    ).rejects.toThrow(/no id or invoice_url/);
    const refused = stubFetch(() => Promise.reject(new TypeError('fetch failed')));
    const down = await new NowPaymentsClient({ apiKey: 'k', fetch: refused.fetch }).getPayment('1').catch((e) => e);
    expect([down.status, down.message]).toEqual([0, 'GET /v1/payment/1: TypeError: fetch failed']);
    const hanging = (_url: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    const slow = await new NowPaymentsClient({ apiKey: 'k', fetch: hanging as typeof fetch, timeoutMs: 20 })
      .getPayment('1')
      .catch((e) => e);
    expect([slow.status, slow.message]).toEqual([0, 'GET /v1/payment/1: timed out after 20 ms']);
  });
});
