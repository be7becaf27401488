// A local stand-in for Stripe's HTTP API, as stripe-node talks to it (form-encoded requests, JSON
// answers, Idempotency-Key replays): payment intents and checkout sessions, with test-side controls
// to make them succeed (or succeed with another amount, as a tampered payment would).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

export interface FakeStripe {
  url: string;
  requests: Array<{ method: string; path: string; form: Record<string, string>; auth: string | undefined }>;
  intents: Map<string, Json>;
  sessions: Map<string, Json>;
  /** The intent is paid (optionally with a different amount than asked). */
  succeedIntent(id: string, amountReceived?: number): Json;
  /** The buyer paid on the hosted page: the session is paid and has a succeeded intent. */
  payCheckout(id: string, amountTotal?: number): { session: Json; intent: Json };
  stop(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** metadata[payment_id]=x -> { metadata: { payment_id: x } } (one level, as stripe-node encodes). */
function nested(form: Record<string, string>, key: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(form)) {
    const m = new RegExp(`^${key.replace(/[[\]]/g, '\\$&')}\\[([^\\]]+)\\]$`).exec(k);
    if (m) out[m[1]!] = v;
  }
  return out;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripe['requests'] = [];
  const intents = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const replays = new Map<string, Json>();

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const path = (req.url ?? '').split('?')[0]!;
    requests.push({ method: req.method ?? '', path, form, auth: req.headers.authorization });
    const send = (status: number, body: Json) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(body));
    };
    if (!req.headers.authorization?.startsWith('Bearer sk_test_')) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    if (req.method === 'POST' && idempotencyKey && replays.has(idempotencyKey)) {
      return send(200, replays.get(idempotencyKey)!);
    }
    let body: Json | null;
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const piId = id('pi');
      body = {
        id: piId,
        object: 'payment_intent',
        amount: Number(form.amount),
        amount_received: 0,
        currency: form.currency,
        description: form.description ?? null,
        status: 'requires_payment_method',
        client_secret: `${piId}_secret_${randomBytes(8).toString('hex')}`,
        metadata: nested(form, 'metadata'),
      };
      intents.set(piId, body);
    } else if (req.method === 'GET' && path.startsWith('/v1/payment_intents/')) {
      body = intents.get(path.slice('/v1/payment_intents/'.length)) ?? null;
    } else if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const csId = id('cs');
      body = {
        id: csId,
        object: 'checkout.session',
        mode: form.mode,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(form['line_items[0][price_data][unit_amount]']),
        currency: form['line_items[0][price_data][currency]'],
        metadata: nested(form, 'metadata'),
        payment_intent: null,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        url: `https://checkout.stripe.test/c/pay/${csId}`,
        _intent_metadata: nested(form, 'payment_intent_data[metadata]'),
      };
      sessions.set(csId, body);
    } else if (req.method === 'GET' && path.startsWith('/v1/checkout/sessions/')) {
      body = sessions.get(path.slice('/v1/checkout/sessions/'.length)) ?? null;
    } else {
      return send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` },
      });
    }
    if (!body)
      return send(404, {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such object' },
      });
    if (req.method === 'POST' && idempotencyKey) replays.set(idempotencyKey, body);
    return send(200, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    sessions,
    succeedIntent(piId, amountReceived) {
      const intent = intents.get(piId);
      if (!intent) throw new Error(`no intent ${piId}`);
      intent.status = 'succeeded';
      intent.amount_received = amountReceived ?? intent.amount;
      return intent;
    },
    payCheckout(csId, amountTotal) {
      const session = sessions.get(csId);
      if (!session) throw new Error(`no session ${csId}`);
      const piId = id('pi');
      const amount = amountTotal ?? (session.amount_total as number);
      const intent: Json = {
        id: piId,
        object: 'payment_intent',
        amount,
        amount_received: amount,
        currency: session.currency,
        status: 'succeeded',
        client_secret: `${piId}_secret_x`,
        metadata: session._intent_metadata,
      };
      intents.set(piId, intent);
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: piId,
        amount_total: amount,
      });
      return { session, intent };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A Stripe event envelope as Stripe sends it to webhooks. */
export function stripeEvent(type: string, object: Json): Json {
  return {
    id: id('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}
