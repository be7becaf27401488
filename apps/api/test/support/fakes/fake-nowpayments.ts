// A local stand-in for NOWPayments' hosted invoices (issue 16), speaking its API as documented:
// POST /v1/invoice, POST /v1/invoice-payment (the invoice's payment in one coin: pay_address, pay_amount,
// payin_extra_id) and GET /v1/payment/{id} with x-api-key, an invoice page at invoice_url where a person
// (or a browser test) chooses "pay in full", "pay part" or "let it expire", and signed IPNs (JSON body,
// x-nowpayments-sig = hex HMAC-SHA512 of the key-sorted body) POSTed to the invoice's ipn_callback_url
// before the page redirects to success_url, partially_paid_url or cancel_url. A control API under
// /__control/ replays an IPN N times, sends a forged one, or sends any status (out-of-order tests).
// Signing is written here from NOWPayments' documentation, not imported from the code under test.
// No test framework imports: a demo or e2e's global setup can start it (fake-nowpayments-main.ts).
import { createHmac } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

export type FakeSignatureForm = 'recursive' | 'replacer';

export interface FakeNowPaymentsOptions {
  port?: number;
  ipnSecret: string;
  apiKey: string;
  /** How IPNs are signed: the current docs' recursive sort (default) or the older replacer form. */
  signatureForm?: FakeSignatureForm;
  /**
   * The first payment id (default the documentation's 5745459419). Tests sharing one database give
   * each fake its own range: our deposits keep payment ids unique.
   */
  firstPaymentId?: number;
  /** The first XRP destination tag handed out (default 1000001). */
  firstTag?: number;
}

export interface SentIpn {
  paymentId: number;
  status: string;
  url: string;
  body: string;
  signature: string;
  forged: boolean;
  /** The receiver's HTTP status, or null when it could not be reached. */
  answer: number | null;
}

export interface FakeNowPayments {
  url: string;
  invoices: Map<string, Json>;
  payments: Map<number, Json>;
  /** Every IPN sent, in order. */
  ipns: SentIpn[];
  /** What the page's buttons do, for tests without a browser. Resolves once the IPNs are answered. */
  act(invoiceId: string, action: PageAction, payCurrency?: string): Promise<Json>;
  /** Sends the payment's current state again, `times` times, signed. */
  replay(paymentId: number, times: number): Promise<SentIpn[]>;
  /** Sends the payment with another status (and fields), signed: out-of-order and late IPNs. */
  sendStatus(paymentId: number, status: string, fields?: Json): Promise<SentIpn>;
  /** An IPN that must be refused: signed with a wrong secret, or tampered with after signing. */
  forge(paymentId: number, how: ForgeMode, fields?: Json): Promise<SentIpn>;
  stop(): Promise<void>;
}

export type PageAction = 'full' | 'part' | 'expire';
export type ForgeMode = 'wrong-secret' | 'tampered' | 'unsigned';

/** US$ per coin for the fake's quotes (the demo prices of docs/payments-crypto.md). */
const USD_PER_COIN: Record<string, number> = { btc: 50_000, eth: 2_500, xrp: 0.5 };

/** XRP payments share one address and differ by destination tag (payin_extra_id), as on NOWPayments. */
export const FAKE_XRP_ADDRESS = 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY';

/** How long an unpaid payment waits (NOWPayments' expiration_estimate_date). */
const PAYMENT_LIFETIME_MS = 24 * 3_600_000;

/** NOWPayments' documented example: sort keys at every depth (the docs' sortObject). */
function sortObject(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortObject);
  if (value === null || typeof value !== 'object') return value;
  const obj = value as Json;
  return Object.keys(obj)
    .sort()
    .reduce<Json>((result, key) => {
      result[key] = sortObject(obj[key]);
      return result;
    }, {});
}

export function fakeIpnSignature(payload: Json, secret: string, form: FakeSignatureForm = 'recursive'): string {
  const text =
    form === 'recursive' ? JSON.stringify(sortObject(payload)) : JSON.stringify(payload, Object.keys(payload).sort());
  return createHmac('sha512', secret.trim()).update(text).digest('hex');
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Rounded up to 8 decimals, as a number (NOWPayments writes amounts as JSON numbers). */
const coinAmount = (usd: number, coin: string) => Math.ceil((usd / (USD_PER_COIN[coin] ?? 1)) * 1e8) / 1e8;

export async function startFakeNowPayments(options: FakeNowPaymentsOptions): Promise<FakeNowPayments> {
  const invoices = new Map<string, Json>();
  const payments = new Map<number, Json>();
  const ipns: SentIpn[] = [];
  const form = options.signatureForm ?? 'recursive';
  let nextInvoice = 4_522_625_843;
  let nextPayment = options.firstPaymentId ?? 5_745_459_419;
  let nextTag = options.firstTag ?? 1_000_001;
  let url = '';

  async function deliver(payment: Json, signature: string, body: string, forged: boolean): Promise<SentIpn> {
    const invoice = invoices.get(String(payment.invoice_id));
    const target = String(invoice?.ipn_callback_url ?? '');
    let answer: number | null = null;
    if (target) {
      try {
        const res = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(signature ? { 'x-nowpayments-sig': signature } : {}) },
          body,
          signal: AbortSignal.timeout(5_000),
        });
        answer = res.status;
        await res.body?.cancel();
      } catch {
        answer = null;
      }
    }
    const sent: SentIpn = {
      paymentId: Number(payment.payment_id),
      status: String(payment.payment_status),
      url: target,
      body,
      signature,
      forged,
      answer,
    };
    ipns.push(sent);
    return sent;
  }

  /** Sends the payment as it is now, signed with the IPN secret; the body keeps NOWPayments' key order. */
  const notify = (payment: Json) =>
    deliver(payment, fakeIpnSignature(payment, options.ipnSecret, form), JSON.stringify(payment), false);

  function setStatus(payment: Json, status: string, fields: Json = {}) {
    Object.assign(payment, fields, { payment_status: status, updated_at: new Date().toISOString() });
  }

  function createPayment(invoice: Json, payCurrency: string): Json {
    const coin = String(invoice.pay_currency ?? payCurrency).toLowerCase();
    const priceAmount = Number(invoice.price_amount);
    const now = new Date().toISOString();
    const paymentId = nextPayment++;
    const payAmount = coinAmount(priceAmount, coin);
    const xrp = coin === 'xrp';
    // Field order of the "Webhooks examples" in NOWPayments' API documentation.
    const payment: Json = {
      payment_id: paymentId,
      parent_payment_id: null,
      invoice_id: Number(invoice.id),
      payment_status: 'waiting',
      pay_address: xrp ? FAKE_XRP_ADDRESS : `fake-${coin}-address-${paymentId}`,
      payin_extra_id: xrp ? String(nextTag++) : null,
      price_amount: priceAmount,
      price_currency: invoice.price_currency,
      pay_amount: payAmount,
      actually_paid: 0,
      actually_paid_at_fiat: 0,
      pay_currency: coin,
      order_id: invoice.order_id ?? null,
      order_description: invoice.order_description ?? null,
      purchase_id: String(paymentId + 1_000),
      outcome_amount: payAmount,
      outcome_currency: coin,
      payment_extra_ids: null,
      fee: { currency: coin, depositFee: 0, withdrawalFee: 0, serviceFee: 0 },
      created_at: now,
      updated_at: now,
    };
    payments.set(paymentId, payment);
    invoice.payment_id = paymentId;
    return payment;
  }

  async function act(invoiceId: string, action: PageAction, payCurrency = 'btc'): Promise<Json> {
    const invoice = invoices.get(invoiceId);
    if (!invoice) throw new Error(`no invoice ${invoiceId}`);
    const existing = typeof invoice.payment_id === 'number' ? payments.get(invoice.payment_id) : undefined;
    const payment = existing ?? createPayment(invoice, payCurrency);
    if (!existing) await notify(payment);
    const payAmount = Number(payment.pay_amount);
    const priceAmount = Number(payment.price_amount);
    if (action === 'full') {
      const paid = { actually_paid: payAmount, actually_paid_at_fiat: priceAmount };
      for (const status of ['confirming', 'confirmed', 'sending', 'finished']) {
        setStatus(payment, status, paid);
        await notify(payment);
      }
    } else if (action === 'part') {
      const part = Math.floor((payAmount / 2) * 1e8) / 1e8;
      setStatus(payment, 'confirming', { actually_paid: part, actually_paid_at_fiat: priceAmount / 2 });
      await notify(payment);
      setStatus(payment, 'partially_paid');
      await notify(payment);
    } else {
      setStatus(payment, 'expired');
      await notify(payment);
    }
    return payment;
  }

  function paymentOf(id: number): Json {
    const payment = payments.get(id);
    if (!payment) throw new Error(`no payment ${id}`);
    return payment;
  }

  async function replay(paymentId: number, times: number): Promise<SentIpn[]> {
    const payment = paymentOf(paymentId);
    const sent: SentIpn[] = [];
    for (let i = 0; i < times; i++) sent.push(await notify(payment));
    return sent;
  }

  async function sendStatus(paymentId: number, status: string, fields: Json = {}): Promise<SentIpn> {
    const payment = paymentOf(paymentId);
    setStatus(payment, status, fields);
    return notify(payment);
  }

  async function forge(paymentId: number, how: ForgeMode, fields: Json = {}): Promise<SentIpn> {
    // A copy: a forgery changes nothing the fake (NOWPayments) knows.
    const real = { ...paymentOf(paymentId) };
    // By default the forger claims a finished payment of ten times the amount.
    const claimed = { ...real, payment_status: 'finished', actually_paid: Number(real.pay_amount) * 10, ...fields };
    if (how === 'tampered' && JSON.stringify(sortObject(claimed)) === JSON.stringify(sortObject(real))) {
      throw new Error('a tampered IPN must differ from the real one');
    }
    if (how === 'wrong-secret') {
      return deliver(
        claimed,
        fakeIpnSignature(claimed, `${options.ipnSecret}-wrong`, form),
        JSON.stringify(claimed),
        true,
      );
    }
    if (how === 'unsigned') return deliver(claimed, '', JSON.stringify(claimed), true);
    // Tampered: the signature of the real body, sent with the claimed one.
    return deliver(claimed, fakeIpnSignature(real, options.ipnSecret, form), JSON.stringify(claimed), true);
  }

  function page(invoice: Json): string {
    const id = escapeHtml(String(invoice.id));
    const fixed = invoice.pay_currency ? String(invoice.pay_currency) : null;
    const coins = fixed ? [fixed] : Object.keys(USD_PER_COIN);
    const options = coins
      .map((c) => `<option value="${escapeHtml(c)}">${escapeHtml(c.toUpperCase())}</option>`)
      .join('');
    const button = (action: PageAction, label: string) =>
      `<button type="submit" name="action" value="${action}">${label}</button>`;
    return `<!doctype html><html><head><meta charset="utf-8"><title>NOWPayments (fake) invoice ${id}</title></head>
<body><h1>Invoice ${id}</h1>
<p>${escapeHtml(String(invoice.order_description ?? ''))}: ${escapeHtml(String(invoice.price_amount))} ${escapeHtml(String(invoice.price_currency).toUpperCase())}</p>
<form method="post" action="/payment/act"><input type="hidden" name="iid" value="${id}">
<label>Coin <select name="pay_currency">${options}</select></label>
${button('full', 'Pay in full')} ${button('part', 'Pay part')} ${button('expire', 'Let it expire')}
</form></body></html>`;
  }

  const authorized = (req: IncomingMessage) => req.headers['x-api-key'] === options.apiKey;

  const server = http.createServer(async (req, res) => {
    try {
      const body = await readBody(req);
      const u = new URL(req.url ?? '/', 'http://fake');
      const route = `${req.method} ${u.pathname}`;
      const json = (): Json => {
        try {
          const parsed: unknown = body ? JSON.parse(body) : {};
          return parsed && typeof parsed === 'object' ? (parsed as Json) : {};
        } catch {
          return {};
        }
      };

      if (u.pathname.startsWith('/v1/') && !authorized(req)) {
        return sendJson(res, 403, {
          status: false,
          statusCode: 403,
          code: 'INVALID_API_KEY',
          message: 'Invalid api key',
        });
      }
      if (route === 'POST /v1/invoice') {
        const input = json();
        const price = Number(input.price_amount);
        if (!Number.isFinite(price) || price <= 0 || typeof input.price_currency !== 'string') {
          return sendJson(res, 400, {
            status: false,
            statusCode: 400,
            code: 'INVALID_REQUEST_PARAMS',
            message: 'price_amount and price_currency are required',
          });
        }
        const id = String(nextInvoice++);
        const now = new Date().toISOString();
        const invoice: Json = {
          id,
          token_id: String(Number(id) + 7),
          order_id: input.order_id ?? null,
          order_description: input.order_description ?? null,
          price_amount: String(input.price_amount),
          price_currency: input.price_currency,
          pay_currency: input.pay_currency ?? null,
          ipn_callback_url: input.ipn_callback_url ?? null,
          invoice_url: `${url}/payment/?iid=${id}`,
          success_url: input.success_url ?? null,
          cancel_url: input.cancel_url ?? null,
          partially_paid_url: input.partially_paid_url ?? null,
          created_at: now,
          updated_at: now,
        };
        invoices.set(id, invoice);
        return sendJson(res, 201, invoice);
      }
      if (route === 'POST /v1/invoice-payment') {
        const input = json();
        const invoice = invoices.get(String(input.iid ?? ''));
        const coin = typeof input.pay_currency === 'string' ? input.pay_currency.toLowerCase() : '';
        if (!invoice || !(coin in USD_PER_COIN)) {
          return sendJson(res, 400, {
            status: false,
            statusCode: 400,
            code: 'INVALID_REQUEST_PARAMS',
            message: !invoice ? 'invoice not found' : `pay_currency ${String(input.pay_currency)} is not available`,
          });
        }
        if (typeof invoice.payment_id === 'number') {
          return sendJson(res, 400, {
            status: false,
            statusCode: 400,
            code: 'INVALID_REQUEST_PARAMS',
            message: 'this invoice already has a payment',
          });
        }
        const payment = createPayment(invoice, coin);
        // The "Create payment by invoice" answer: the payment with its id as a string, plus the
        // estimate of when it expires (fields IPNs do not carry).
        return sendJson(res, 201, {
          ...payment,
          payment_id: String(payment.payment_id),
          ipn_callback_url: invoice.ipn_callback_url,
          amount_received: null,
          smart_contract: '',
          network: coin,
          network_precision: coin === 'xrp' ? 6 : 8,
          time_limit: null,
          burning_percent: null,
          expiration_estimate_date: new Date(Date.now() + PAYMENT_LIFETIME_MS).toISOString(),
        });
      }
      if (req.method === 'GET' && u.pathname.startsWith('/v1/payment/')) {
        const payment = payments.get(Number(u.pathname.slice('/v1/payment/'.length)));
        if (!payment)
          return sendJson(res, 404, {
            status: false,
            statusCode: 404,
            code: 'NOT_FOUND',
            message: 'Payment not found',
          });
        return sendJson(res, 200, payment);
      }
      if (route === 'GET /payment/') {
        const invoice = invoices.get(u.searchParams.get('iid') ?? '');
        if (!invoice) return sendJson(res, 404, { message: 'Invoice not found' });
        const html = page(invoice);
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html) });
        return res.end(html);
      }
      if (route === 'POST /payment/act') {
        const form = new URLSearchParams(body);
        const invoice = invoices.get(form.get('iid') ?? '');
        const action = form.get('action') as PageAction | null;
        if (!invoice || !action || !['full', 'part', 'expire'].includes(action)) {
          return sendJson(res, 400, { message: 'unknown invoice or action' });
        }
        await act(String(invoice.id), action, form.get('pay_currency') ?? 'btc');
        const back =
          action === 'full'
            ? invoice.success_url
            : action === 'part'
              ? (invoice.partially_paid_url ?? invoice.cancel_url)
              : invoice.cancel_url;
        if (typeof back === 'string' && back) {
          res.writeHead(303, { location: back });
          return res.end();
        }
        return sendJson(res, 200, { done: action });
      }

      // Control API: JSON in, the IPNs sent out.
      if (route === 'POST /__control/replay') {
        const input = json();
        return sendJson(res, 200, { sent: await replay(Number(input.payment_id), Number(input.times ?? 1)) });
      }
      if (route === 'POST /__control/status') {
        const input = json();
        const fields = (input.fields as Json | undefined) ?? {};
        return sendJson(res, 200, { sent: [await sendStatus(Number(input.payment_id), String(input.status), fields)] });
      }
      if (route === 'POST /__control/forge') {
        const input = json();
        const how = (input.how as ForgeMode | undefined) ?? 'tampered';
        return sendJson(res, 200, { sent: [await forge(Number(input.payment_id), how, (input.fields as Json) ?? {})] });
      }
      if (route === 'POST /__control/act') {
        const input = json();
        const payment = await act(String(input.invoice_id), input.action as PageAction, input.pay_currency as string);
        return sendJson(res, 200, { payment });
      }
      if (route === 'GET /__control/state') {
        return sendJson(res, 200, { invoices: [...invoices.values()], payments: [...payments.values()], ipns });
      }
      return sendJson(res, 404, { message: `no route ${route}` });
    } catch (err) {
      if (!res.headersSent) sendJson(res, 500, { message: String(err) });
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    invoices,
    payments,
    ipns,
    act,
    replay,
    sendStatus,
    forge,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
