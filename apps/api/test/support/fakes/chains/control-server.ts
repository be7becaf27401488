// The base of the fake chain and price servers: node:http on 127.0.0.1 (port 0 unless given), JSON in
// and out, a request log, and a test-side control API under /__control/ so a browser test (or anything
// outside this process) can drive the fake: pay, mine, fail. No test framework imports: e2e's global
// setup starts these too.
import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  json: unknown;
}

export interface Reply {
  status: number;
  body: unknown;
  /** Sent as text/plain instead of JSON (Esplora's tip height). */
  text?: boolean;
}

export type Handler = (req: FakeRequest) => Reply | Promise<Reply>;

/** What a fake does instead of answering: an HTTP error, or never answering (a timeout). */
export type FailureMode = { status: number } | 'hang' | null;

export interface ControlServer {
  url: string;
  requests: FakeRequest[];
  /** Answer the protocol requests (not /__control) with this failure until set back to null. */
  fail(mode: FailureMode): void;
  close(): Promise<void>;
}

export const randomHex = (bytes: number) => randomBytes(bytes).toString('hex');

function send(res: ServerResponse, reply: Reply) {
  const text = reply.text ? String(reply.body) : JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    'content-type': reply.text ? 'text/plain' : 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  if (!body) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

export async function startControlServer(
  protocol: Handler,
  control: Record<string, Handler>,
  port = 0,
): Promise<ControlServer> {
  const requests: FakeRequest[] = [];
  let failure: FailureMode = null;
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const request: FakeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      json: await readJson(req),
    };
    try {
      if (url.pathname.startsWith('/__control/')) {
        const handler = control[`${request.method} ${url.pathname.slice('/__control'.length)}`];
        return send(res, handler ? await handler(request) : { status: 404, body: { error: 'no such control' } });
      }
      requests.push(request);
      if (failure === 'hang') return; // closeAllConnections() ends it
      if (failure) return send(res, { status: failure.status, body: { error: `fake failure ${failure.status}` } });
      return send(res, await protocol(request));
    } catch (err) {
      return send(res, { status: 400, body: { error: err instanceof Error ? err.message : String(err) } });
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    fail(mode) {
      failure = mode;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** `amount` as decimal text (or a number) in coin units -> base units, exactly. */
export function toUnits(amount: string | number, decimals: number): bigint {
  const text = typeof amount === 'number' ? amount.toFixed(decimals) : amount.trim();
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`amount must be a decimal number, got ${String(amount)}`);
  // Zeros past the coin's precision change nothing ('10.00000000' XRP, as the modal shows it).
  const fraction = (match[2] ?? '').replace(/0+$/, '').padEnd(decimals, '0');
  if (fraction.length > decimals) throw new Error(`amount has more than ${decimals} decimals`);
  return BigInt(match[1]!) * 10n ** BigInt(decimals) + BigInt(fraction || '0');
}

/** The failure mode a control body asks for: { status: 500 } | { hang: true } | {} (none). */
export function failureFrom(json: unknown): FailureMode {
  const body = (json ?? {}) as { status?: number; hang?: boolean };
  if (body.hang) return 'hang';
  return typeof body.status === 'number' ? { status: body.status } : null;
}
