// The shared base of the provider fakes: a node:http server on 127.0.0.1 (port 0) that records every
// request (method, path, query, headers, raw and parsed body) before a fake answers it the way the real
// service does. A fake may leave a request hanging (a model that never finishes); close() cuts it.
import http, { type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Path and query exactly as sent (SigV4 signs this form). */
  rawUrl: string;
  body: Buffer;
  /** The body parsed as JSON, when it is JSON. */
  json: unknown;
}

export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

// Handlers may return whatever res.end() returns; only a rejected promise matters.
export type FakeHandler = (req: RecordedRequest, res: ServerResponse) => unknown;

export async function startFakeServer(handle: FakeHandler): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://fake');
      let json: unknown;
      try {
        json = body.length > 0 ? JSON.parse(body.toString('utf8')) : undefined;
      } catch {
        json = undefined;
      }
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        rawUrl: req.url ?? '/',
        body,
        json,
      };
      requests.push(recorded);
      Promise.resolve(handle(recorded, res)).catch((err: unknown) => {
        if (!res.headersSent) sendJson(res, 599, { error: `fake failed: ${String(err)}` });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export function sendBytes(res: ServerResponse, status: number, body: Buffer, contentType: string): void {
  res.writeHead(status, { 'content-type': contentType, 'content-length': body.length });
  res.end(body);
}

/** A real PNG of the given size (what the model servers return); the colour tells pictures apart. */
export function makePng(width: number, height: number, index = 0): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: (index * 70) % 256, g: 40, b: 120 } },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** A base URL on which nothing listens (connection refused). */
export async function closedPortUrl(): Promise<string> {
  const fake = await startFakeServer((_req, res) => res.end());
  await fake.close();
  return fake.url;
}
