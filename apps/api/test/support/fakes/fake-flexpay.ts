// A local stand-in for Verotel FlexPay (issue 16, "a faithful local fake"), speaking its protocol:
//   GET  /startorder            signed order (purchase or subscription): refused on a bad signature, else an
//                               order page with Approve / Decline buttons
//   POST /startorder/:id/approve  creates the sale, sends the signed postback (GET to the postback URL) and
//                               requires the body `OK`, then redirects to successURL with the signed sale
//                               parameters; /decline redirects to declineURL
//   GET  /salestatus            signed; answers text/plain `key: value` lines
//   GET  /cancel-subscription   signed; a confirmation page, POST .../confirm cancels and sends `cancel`
// and a test-side control API (JSON) under /__control/: POST rebill, cancel, uncancel, extend, expiry,
// credit, chargeback ({ "saleID": "..." }), replay ({ "times": 20, "saleID"?, "concurrent"? }), forge
// ({ "how": "tampered" | "wrong-key" | "unsigned", "saleID"? }); GET sales, postbacks. No test framework imports: e2e's global setup and a demo can start it too.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { computeSignature, signRequest } from '../../../src/providers/payments/verotel/signature.ts';
import { FLEXPAY_PATHS, formatPriceAmount, parsePriceAmount } from '../../../src/providers/payments/verotel/urls.ts';

export interface FakeFlexPayOptions {
  /** 0 (any free port) unless given. */
  port?: number;
  /** The website's FlexPay signature key, shared with the app. */
  key: string;
  shopId?: string;
  /** Where postbacks go (the app's postback route). */
  postbackUrl: string;
  /** The fake's clock, for subscription dates. */
  now?: () => Date;
}

export interface FakeFlexPayOrder {
  id: string;
  params: Record<string, string>;
  state: 'open' | 'approved' | 'declined';
  saleID: string | null;
}

export interface FakeFlexPaySale {
  saleID: string;
  referenceID: string | null;
  type: 'purchase' | 'subscription';
  amountCents: number;
  currency: string;
  subscriptionType: 'recurring' | 'one-time' | null;
  period: string | null;
  /** Recurring: the next rebill date; null once cancelled or ended. */
  nextChargeOn: string | null;
  /** Cancelled or one-time: the date it ends. */
  expiresOn: string | null;
  phase: 'normal' | 'cancelled' | 'terminated';
  /** Sale transaction first, then rebills. */
  transactionIDs: string[];
  /** Transactions already credited or charged back (each can be, once). */
  reversedTransactionIDs: string[];
  custom: Record<string, string>;
}

export interface SentPostback {
  url: string;
  params: Record<string, string>;
  status: number | null;
  body: string | null;
  acknowledged: boolean;
}

/** How a forged postback differs from the last real one. */
export type FakeFlexPayForgery = 'tampered' | 'wrong-key' | 'unsigned';

export type FakeFlexPayEvent = 'rebill' | 'cancel' | 'uncancel' | 'extend' | 'expiry' | 'credit' | 'chargeback';

export interface FakeFlexPay {
  url: string;
  shopId: string;
  orders: Map<string, FakeFlexPayOrder>;
  sales: Map<string, FakeFlexPaySale>;
  postbacks: SentPostback[];
  setPostbackUrl(url: string): void;
  /** What POST /__control/<event> does, for tests in the same process. */
  emit(event: FakeFlexPayEvent, saleID: string, body?: Record<string, unknown>): Promise<SentPostback>;
  /** Sends a forged copy of the last postback (of a sale, when given): the app must act on none. */
  forge(how: FakeFlexPayForgery, opts?: { saleID?: string }): Promise<SentPostback>;
  /** Sends the last postback (of a sale, when given) again, `times` times. */
  replay(times: number, opts?: { saleID?: string; concurrent?: boolean }): Promise<SentPostback[]>;
  close(): Promise<void>;
}

/** A refusal answered to the caller with this status and message. */
class FakeRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const EVENTS: readonly FakeFlexPayEvent[] = [
  'rebill',
  'cancel',
  'uncancel',
  'extend',
  'expiry',
  'credit',
  'chargeback',
];

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function sendText(res: ServerResponse, status: number, body: string, contentType: string): void {
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const sendHtml = (res: ServerResponse, status: number, title: string, inner: string) =>
  sendText(
    res,
    status,
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
      `<body><h1>${escapeHtml(title)}</h1>${inner}</body></html>`,
    'text/html; charset=utf-8',
  );

const sendJson = (res: ServerResponse, status: number, body: unknown) =>
  sendText(res, status, JSON.stringify(body), 'application/json');

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location, 'content-length': 0 });
  res.end();
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** YYYY-MM-DD plus an ISO 8601 period (PnD, PnM, PnY); a month end stays within the shorter month. */
export function addPeriod(date: string, period: string): string {
  const match = /^P(\d+)([DMY])$/.exec(period);
  if (!match) throw new FakeRefusal(400, `unsupported period ${period}`);
  const count = Number(match[1]);
  const start = new Date(`${date}T00:00:00Z`);
  if (match[2] === 'D') return isoDate(new Date(start.getTime() + count * 86_400_000));
  const months = match[2] === 'M' ? count : count * 12;
  const target = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return isoDate(target);
}

function sortedQuery(params: Record<string, string>): URLSearchParams {
  return new URLSearchParams(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Checks a signed request as Verotel does: SHA-256 over the signed keys, this shop. */
function checkSignedRequest(query: URLSearchParams, key: string, shopId: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of query) {
    if (Object.hasOwn(params, name)) throw new FakeRefusal(400, `parameter ${name} given twice`);
    params[name] = value;
  }
  const { signature, ...signed } = params;
  if (!signature || signature.toLowerCase() !== signRequest(key, signed)) {
    throw new FakeRefusal(400, 'Invalid signature');
  }
  if (signed.shopID !== shopId) throw new FakeRefusal(400, `Unknown shopID ${signed.shopID ?? ''}`);
  if (!signed.version) throw new FakeRefusal(400, 'version is required');
  return signed;
}

export async function startFakeFlexPay(options: FakeFlexPayOptions): Promise<FakeFlexPay> {
  const key = options.key;
  const shopId = options.shopId ?? '117000';
  const now = options.now ?? (() => new Date());
  let postbackUrl = options.postbackUrl;
  const orders = new Map<string, FakeFlexPayOrder>();
  const sales = new Map<string, FakeFlexPaySale>();
  const postbacks: SentPostback[] = [];
  let nextOrder = 1;
  let nextSale = 1_000_001;
  let nextTransaction = 5_000_001;

  /** One GET to the postback URL, recorded; a replay is another delivery of the same parameters. */
  async function deliver(
    url: string,
    params: Record<string, string>,
    signature: string | null = computeSignature(key, params, 'sha256'),
  ): Promise<SentPostback> {
    const sent: SentPostback = { url, params, status: null, body: null, acknowledged: false };
    postbacks.push(sent);
    const query = sortedQuery(params);
    if (signature !== null) query.append('signature', signature);
    try {
      const res = await fetch(`${url}${url.includes('?') ? '&' : '?'}${query.toString()}`);
      sent.status = res.status;
      sent.body = await res.text();
      // Verotel counts a postback as delivered only on the body `OK`.
      sent.acknowledged = res.status === 200 && sent.body.trim() === 'OK';
    } catch (err) {
      sent.body = `unreachable: ${String(err)}`;
    }
    return sent;
  }

  function saleParams(sale: FakeFlexPaySale): Record<string, string> {
    const params: Record<string, string> = { shopID: shopId, saleID: sale.saleID, type: sale.type, ...sale.custom };
    if (sale.referenceID) params.referenceID = sale.referenceID;
    if (sale.type === 'subscription' && sale.subscriptionType) params.subscriptionType = sale.subscriptionType;
    return params;
  }

  function newTransaction(): string {
    return String(nextTransaction++);
  }

  function openOrder(query: URLSearchParams): FakeFlexPayOrder {
    const params = checkSignedRequest(query, key, shopId);
    if (params.type !== 'purchase' && params.type !== 'subscription') {
      throw new FakeRefusal(400, `type must be purchase or subscription, got ${params.type ?? 'nothing'}`);
    }
    if (parsePriceAmount(params.priceAmount ?? '') === null) throw new FakeRefusal(400, 'priceAmount is required');
    if (!params.priceCurrency) throw new FakeRefusal(400, 'priceCurrency is required');
    if (params.type === 'purchase' && !params.description) throw new FakeRefusal(400, 'description is required');
    if (params.type === 'subscription') {
      if (!params.period) throw new FakeRefusal(400, 'period is required');
      addPeriod('2000-01-31', params.period);
      if (params.subscriptionType !== 'recurring' && params.subscriptionType !== 'one-time') {
        throw new FakeRefusal(400, 'subscriptionType must be recurring or one-time');
      }
    }
    // FlexPay: "referenceID ... must be unique if provided".
    const reference = params.referenceID;
    if (reference && [...sales.values()].some((sale) => sale.referenceID === reference)) {
      throw new FakeRefusal(400, `referenceID ${reference} was already used`);
    }
    const order: FakeFlexPayOrder = { id: `ord_${nextOrder++}`, params, state: 'open', saleID: null };
    orders.set(order.id, order);
    return order;
  }

  function orderPage(order: FakeFlexPayOrder): string {
    const p = order.params;
    const what =
      p.type === 'purchase' ? p.description! : `${p.name ?? 'Subscription'} (${p.period}, ${p.subscriptionType})`;
    return (
      `<p id="order-description">${escapeHtml(what)}</p>` +
      `<p id="order-amount">${escapeHtml(`${p.priceAmount} ${p.priceCurrency}`)}</p>` +
      `<form method="post" action="${FLEXPAY_PATHS.startOrder}/${order.id}/approve"><button type="submit">Approve</button></form>` +
      `<form method="post" action="${FLEXPAY_PATHS.startOrder}/${order.id}/decline"><button type="submit">Decline</button></form>`
    );
  }

  function takeOpenOrder(id: string): FakeFlexPayOrder {
    const order = orders.get(id);
    if (!order) throw new FakeRefusal(404, `No order ${id}`);
    if (order.state !== 'open') throw new FakeRefusal(409, `Order ${id} was already ${order.state}`);
    return order;
  }

  /** The buyer paid: a sale, its postback (purchase or initial), and the success redirect's query. */
  async function approve(order: FakeFlexPayOrder): Promise<{ sale: FakeFlexPaySale; postback: SentPostback }> {
    const p = order.params;
    const today = isoDate(now());
    const recurring = p.subscriptionType === 'recurring';
    const custom: Record<string, string> = {};
    for (const name of ['custom1', 'custom2', 'custom3']) if (p[name]) custom[name] = p[name];
    const sale: FakeFlexPaySale = {
      saleID: String(nextSale++),
      referenceID: p.referenceID ?? null,
      type: p.type === 'subscription' ? 'subscription' : 'purchase',
      amountCents: parsePriceAmount(p.priceAmount!)!,
      currency: p.priceCurrency!,
      subscriptionType: p.type === 'subscription' ? (recurring ? 'recurring' : 'one-time') : null,
      period: p.period ?? null,
      nextChargeOn: p.type === 'subscription' && recurring ? addPeriod(today, p.period!) : null,
      expiresOn: p.type === 'subscription' && !recurring ? addPeriod(today, p.period!) : null,
      phase: 'normal',
      transactionIDs: [newTransaction()],
      reversedTransactionIDs: [],
      custom,
    };
    sales.set(sale.saleID, sale);
    order.state = 'approved';
    order.saleID = sale.saleID;
    const params: Record<string, string> = {
      ...saleParams(sale),
      transactionID: sale.transactionIDs[0]!,
      priceAmount: formatPriceAmount(sale.amountCents),
      priceCurrency: sale.currency,
      paymentMethod: 'CC',
    };
    if (sale.type === 'subscription') {
      params.event = 'initial';
      params.period = sale.period!;
      if (sale.nextChargeOn) params.nextChargeOn = sale.nextChargeOn;
      if (sale.expiresOn) params.expiresOn = sale.expiresOn;
    }
    return { sale, postback: await deliver(postbackUrl, params) };
  }

  function findSale(saleID: unknown): FakeFlexPaySale {
    const sale = typeof saleID === 'string' ? sales.get(saleID) : undefined;
    if (!sale) throw new FakeRefusal(404, `No sale ${String(saleID)}`);
    return sale;
  }

  function requireLive(sale: FakeFlexPaySale, event: string): void {
    if (sale.type !== 'subscription') throw new FakeRefusal(409, `${event} needs a subscription`);
    if (sale.phase === 'terminated') throw new FakeRefusal(409, `sale ${sale.saleID} has ended`);
  }

  async function emit(
    event: FakeFlexPayEvent,
    saleID: string,
    body: Record<string, unknown> = {},
  ): Promise<SentPostback> {
    const sale = findSale(saleID);
    const base = saleParams(sale);
    switch (event) {
      case 'rebill': {
        requireLive(sale, event);
        if (sale.subscriptionType !== 'recurring' || sale.phase !== 'normal' || !sale.nextChargeOn) {
          throw new FakeRefusal(409, `sale ${sale.saleID} is not being rebilled`);
        }
        const transactionID = newTransaction();
        sale.transactionIDs.push(transactionID);
        sale.nextChargeOn = addPeriod(sale.nextChargeOn, sale.period!);
        return deliver(postbackUrl, {
          ...base,
          event,
          transactionID,
          // Rebill postbacks name the money amount/currency (FlexPay's documented examples).
          amount: formatPriceAmount(sale.amountCents),
          currency: sale.currency,
          nextChargeOn: sale.nextChargeOn,
          paymentMethod: 'CC',
          subscriptionPhase: 'normal',
        });
      }
      case 'cancel': {
        requireLive(sale, event);
        if (sale.phase === 'cancelled') throw new FakeRefusal(409, `sale ${sale.saleID} is already cancelled`);
        sale.phase = 'cancelled';
        sale.expiresOn = sale.nextChargeOn ?? sale.expiresOn;
        sale.nextChargeOn = null;
        return deliver(postbackUrl, {
          ...base,
          event,
          cancelledBy: typeof body.cancelledBy === 'string' ? body.cancelledBy : 'user',
          expiresOn: sale.expiresOn ?? isoDate(now()),
          subscriptionPhase: 'normal',
        });
      }
      case 'uncancel': {
        requireLive(sale, event);
        if (sale.phase !== 'cancelled') throw new FakeRefusal(409, `sale ${sale.saleID} is not cancelled`);
        sale.phase = 'normal';
        sale.nextChargeOn = sale.expiresOn;
        sale.expiresOn = null;
        return deliver(postbackUrl, {
          ...base,
          event,
          nextChargeOn: sale.nextChargeOn ?? isoDate(now()),
          uncancelledBy: 'support',
          subscriptionPhase: 'normal',
        });
      }
      case 'extend': {
        requireLive(sale, event);
        const days = typeof body.days === 'number' && body.days > 0 ? Math.floor(body.days) : 7;
        const params: Record<string, string> = { ...base, event, subscriptionPhase: 'normal' };
        if (sale.nextChargeOn) params.nextChargeOn = sale.nextChargeOn = addPeriod(sale.nextChargeOn, `P${days}D`);
        else params.expiresOn = sale.expiresOn = addPeriod(sale.expiresOn ?? isoDate(now()), `P${days}D`);
        return deliver(postbackUrl, params);
      }
      case 'expiry': {
        requireLive(sale, event);
        sale.phase = 'terminated';
        sale.nextChargeOn = null;
        return deliver(postbackUrl, { ...base, event });
      }
      case 'credit':
      case 'chargeback': {
        const parentID = typeof body.parentID === 'string' ? body.parentID : sale.transactionIDs.at(-1)!;
        if (!sale.transactionIDs.includes(parentID)) throw new FakeRefusal(404, `No transaction ${parentID}`);
        if (sale.reversedTransactionIDs.includes(parentID)) {
          throw new FakeRefusal(409, `transaction ${parentID} was already credited or charged back`);
        }
        sale.reversedTransactionIDs.push(parentID);
        const amountCents =
          typeof body.amountCents === 'number' && Number.isSafeInteger(body.amountCents)
            ? body.amountCents
            : sale.amountCents;
        const params: Record<string, string> = {
          ...base,
          event,
          transactionID: newTransaction(),
          parentID,
          priceAmount: formatPriceAmount(amountCents),
          priceCurrency: sale.currency,
        };
        if (sale.type === 'subscription') {
          // A full refund or a chargeback ends the subscription (FlexPay: "The refund also terminates").
          sale.phase = 'terminated';
          sale.nextChargeOn = null;
          params.subscriptionPhase = 'terminated';
        }
        return deliver(postbackUrl, params);
      }
    }
  }

  function lastPostback(saleID: string | undefined): SentPostback {
    const last = [...postbacks].reverse().find((p) => saleID === undefined || p.params.saleID === saleID);
    if (!last) throw new FakeRefusal(404, 'No postback to replay');
    return last;
  }

  async function forge(how: FakeFlexPayForgery, opts: { saleID?: string } = {}): Promise<SentPostback> {
    const last = lastPostback(opts.saleID);
    if (how === 'unsigned') return deliver(last.url, last.params, null);
    if (how === 'wrong-key') return deliver(last.url, last.params, computeSignature(`not ${key}`, last.params));
    // Signed as it was, then a bigger amount: what someone editing a captured postback would send.
    const amountField = last.params.priceAmount !== undefined ? 'priceAmount' : 'amount';
    const tampered = { ...last.params, [amountField]: '9999.00' };
    return deliver(last.url, tampered, computeSignature(key, last.params));
  }

  async function replay(times: number, opts: { saleID?: string; concurrent?: boolean } = {}): Promise<SentPostback[]> {
    const last = lastPostback(opts.saleID);
    if (!Number.isSafeInteger(times) || times < 1 || times > 1000) throw new FakeRefusal(400, 'times must be 1..1000');
    if (opts.concurrent) return Promise.all(Array.from({ length: times }, () => deliver(last.url, last.params)));
    const sent: SentPostback[] = [];
    for (let i = 0; i < times; i++) sent.push(await deliver(last.url, last.params));
    return sent;
  }

  async function control(method: string, path: string, json: Record<string, unknown>, res: ServerResponse) {
    const name = path.slice('/__control/'.length);
    if (method === 'GET' && name === 'sales') return sendJson(res, 200, { sales: [...sales.values()] });
    if (method === 'GET' && name === 'postbacks') return sendJson(res, 200, { postbacks });
    if (method === 'POST' && name === 'replay') {
      const times = typeof json.times === 'number' ? json.times : 1;
      const sent = await replay(times, {
        ...(typeof json.saleID === 'string' ? { saleID: json.saleID } : {}),
        concurrent: json.concurrent === true,
      });
      return sendJson(res, 200, { postbacks: sent });
    }
    if (method === 'POST' && name === 'forge') {
      const how = json.how;
      if (how !== 'tampered' && how !== 'wrong-key' && how !== 'unsigned') {
        return sendJson(res, 400, { error: 'how must be tampered, wrong-key or unsigned' });
      }
      const postback = await forge(how, typeof json.saleID === 'string' ? { saleID: json.saleID } : {});
      return sendJson(res, 200, { postback });
    }
    if (method === 'POST' && (EVENTS as readonly string[]).includes(name)) {
      const postback = await emit(name as FakeFlexPayEvent, String(json.saleID ?? ''), json);
      return sendJson(res, 200, { postback });
    }
    return sendJson(res, 404, { error: `no control ${method} ${path}` });
  }

  function statusAnswer(query: URLSearchParams): string {
    const params = checkSignedRequest(query, key, shopId);
    const sale = params.saleID
      ? sales.get(params.saleID)
      : [...sales.values()].find((s) => params.referenceID !== undefined && s.referenceID === params.referenceID);
    if (!sale) return 'response: NOTFOUND\n';
    const lines: Record<string, string> = {
      response: 'FOUND',
      shopID: shopId,
      saleID: sale.saleID,
      ...(sale.referenceID ? { referenceID: sale.referenceID } : {}),
      saleResult: 'APPROVED',
      type: sale.type,
      priceAmount: formatPriceAmount(sale.amountCents),
      priceCurrency: sale.currency,
      paymentMethod: 'CC',
      ...sale.custom,
    };
    if (sale.type === 'subscription') {
      lines.subscriptionType = sale.subscriptionType!;
      lines.period = sale.period!;
      lines.subscriptionPhase = sale.phase === 'terminated' ? 'terminated' : 'normal';
      lines.cancelled = sale.phase === 'normal' ? 'no' : 'yes';
      if (sale.nextChargeOn) lines.nextChargeOn = sale.nextChargeOn;
      if (sale.expiresOn) lines.expiresOn = sale.expiresOn;
    }
    return Object.entries(lines)
      .map(([name, value]) => `${name}: ${value}\n`)
      .join('');
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const path = url.pathname;
    const raw = await readBody(req);
    if (path.startsWith('/__control/')) {
      let json: Record<string, unknown>;
      try {
        json = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return sendJson(res, 400, { error: 'body must be JSON' });
      }
      return control(method, path, json, res);
    }
    if (method === 'GET' && path === FLEXPAY_PATHS.startOrder) {
      const order = openOrder(url.searchParams);
      return sendHtml(res, 200, 'Verotel (fake) order page', orderPage(order));
    }
    const orderAction = /^\/startorder\/([^/]+)\/(approve|decline)$/.exec(path);
    if (method === 'POST' && orderAction) {
      const order = takeOpenOrder(orderAction[1]!);
      if (orderAction[2] === 'decline') {
        order.state = 'declined';
        if (order.params.declineURL) return redirect(res, order.params.declineURL);
        return sendHtml(res, 200, 'Payment declined', '');
      }
      const { sale, postback } = await approve(order);
      if (!postback.acknowledged) {
        return sendHtml(
          res,
          502,
          'Postback not acknowledged',
          `<p>The merchant answered ${escapeHtml(String(postback.status))}: ${escapeHtml(postback.body ?? '')}</p>`,
        );
      }
      const success = order.params.successURL;
      if (!success) return sendHtml(res, 200, 'Thank you', `<p>Sale ${sale.saleID}</p>`);
      // Like Verotel, the buyer comes back with the sale's parameters, signed.
      const back = sortedQuery(postback.params);
      back.append('signature', computeSignature(key, postback.params, 'sha256'));
      return redirect(res, `${success}${success.includes('?') ? '&' : '?'}${back.toString()}`);
    }
    if (method === 'GET' && path === FLEXPAY_PATHS.saleStatus) {
      try {
        return sendText(res, 200, statusAnswer(url.searchParams), 'text/plain; charset=utf-8');
      } catch (err) {
        if (!(err instanceof FakeRefusal)) throw err;
        return sendText(res, err.status, `response: ERROR\nerror: ${err.message}\n`, 'text/plain; charset=utf-8');
      }
    }
    if (method === 'GET' && path === FLEXPAY_PATHS.cancelSubscription) {
      const params = checkSignedRequest(url.searchParams, key, shopId);
      const sale = findSale(params.saleID);
      requireLive(sale, 'cancel');
      if (sale.phase === 'cancelled') return sendHtml(res, 200, 'Subscription already cancelled', '');
      return sendHtml(
        res,
        200,
        'Cancel your subscription',
        `<form method="post" action="${FLEXPAY_PATHS.cancelSubscription}/${sale.saleID}/confirm"><button type="submit">Cancel subscription</button></form>`,
      );
    }
    const cancelConfirm = /^\/cancel-subscription\/([^/]+)\/confirm$/.exec(path);
    if (method === 'POST' && cancelConfirm) {
      const postback = await emit('cancel', cancelConfirm[1]!, { cancelledBy: 'user' });
      return sendHtml(
        res,
        200,
        'Subscription cancelled',
        `<p>Access until ${escapeHtml(postback.params.expiresOn ?? '')}</p>`,
      );
    }
    return sendHtml(res, 404, 'Not found', '');
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) return res.end();
      if (err instanceof FakeRefusal) {
        if ((req.url ?? '').startsWith('/__control/')) return sendJson(res, err.status, { error: err.message });
        return sendHtml(res, err.status, err.message, '');
      }
      return sendHtml(res, 500, `fake failed: ${String(err)}`, '');
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    shopId,
    orders,
    sales,
    postbacks,
    setPostbackUrl(url) {
      postbackUrl = url;
    },
    emit,
    forge,
    replay,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
