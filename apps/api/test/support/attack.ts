// Shared pieces of the attack suites (test/integration/attack/): the operations read from the app's own
// OpenAPI document and route table, a seeded generator, the product's error-body check, forged tokens
// and a bounded-concurrency request runner. Nothing here lists routes by hand.
import { createHmac } from 'node:crypto';
import type { App } from '../../src/app.ts';

/** A JSON Schema fragment as @fastify/swagger prints it (only what the generator reads). */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** Upper-case HTTP method. */
  method: string;
  /** OpenAPI form: /api/v2/status/{id}. */
  path: string;
  tags: string[];
  /** The document says a bearer token is needed. */
  secured: boolean;
  params: Parameter[];
  /** JSON body schema, when the operation documents one. */
  body?: JsonSchema;
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        tags?: string[];
        security?: unknown[];
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        responses?: Operation['responses'];
      }
    >
  >;
}

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every operation of the app's OpenAPI document (app.swagger()), in document order. */
export function listOperations(app: App): Operation[] {
  const doc = app.swagger() as unknown as OpenApiDocument;
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method)) continue;
      ops.push({
        method: method.toUpperCase(),
        path,
        tags: op.tags ?? [],
        // `{}` among the requirements: a guest may call it too (a token is optional).
        secured:
          (op.security ?? []).length > 0 && !(op.security ?? []).some((r) => Object.keys(r as object).length === 0),
        params: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
        responses: op.responses ?? {},
      });
    }
  }
  return ops;
}

/** `{id}` -> `:id`, the form the router and `hasRoute` use. */
export const routerPath = (openApiPath: string) => openApiPath.replace(/\{([^}]+)\}/g, ':$1');

/**
 * The router's own table (printRoutes), as `METHOD /path` in the router's `:param` form, without HEAD
 * (Fastify adds it to every GET) and without the documentation UI under /docs.
 */
export function routeTable(app: App): string[] {
  const text = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of text.split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const full = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = full;
    stack.length = depth + 1;
    if (!m[3] || full === '/docs' || full.startsWith('/docs/')) continue;
    for (const method of m[3].split(',').map((s) => s.trim())) {
      if (method !== 'HEAD') routes.push(`${method} ${full}`);
    }
  }
  return routes;
}

/** mulberry32: a small seeded generator, so every run sends the same requests. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    /** Up to `n` items, in their order, chosen without repetition. */
    some: <T>(items: readonly T[], n: number): T[] => {
      if (items.length <= n) return [...items];
      const chosen = new Set<number>();
      while (chosen.size < n) chosen.add(Math.floor(next() * items.length));
      return [...chosen].sort((x, y) => x - y).map((i) => items[i]!);
    },
  };
}
export type Random = ReturnType<typeof seededRandom>;

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const alnum = (rnd: Random, n: number) => Array.from({ length: n }, () => ALNUM[rnd.int(ALNUM.length)]).join('');
const hex = (rnd: Random, n: number) => Array.from({ length: n }, () => '0123456789abcdef'[rnd.int(16)]).join('');
export const seededUuid = (rnd: Random) =>
  `${hex(rnd, 8)}-${hex(rnd, 4)}-4${hex(rnd, 3)}-a${hex(rnd, 3)}-${hex(rnd, 12)}`;

/** Values for the patterns the contracts use; anything else falls back to a plain word. */
function fromPattern(pattern: string, rnd: Random): string | undefined {
  const fixed = /^\^\[A-Za-z0-9\]\{(\d+)\}(.*)\$$/.exec(pattern);
  if (fixed) {
    const tail = fixed[2] === '00[1-4]' ? '001' : fixed[2] === '' ? '' : undefined;
    if (tail !== undefined) return alnum(rnd, Number(fixed[1])) + tail;
  }
  if (/^\^\\d/.test(pattern)) return '1';
  return undefined;
}

/** A plausible (usually valid) value for a schema: the base each fuzz case changes one thing of. */
export function sampleValue(schema: JsonSchema | undefined, rnd: Random, name = ''): unknown {
  if (!schema) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum.find((v) => v !== '') ?? schema.enum[0];
  // A number where the schema takes one: string alternatives are usually patterns of digits.
  if (schema.anyOf?.length) {
    const numeric = schema.anyOf.find((alt) => alt.type === 'number' || alt.type === 'integer');
    return sampleValue(numeric ?? schema.anyOf[0], rnd, name);
  }
  if (schema.oneOf?.length) return sampleValue(schema.oneOf[0], rnd, name);
  if (schema.allOf?.length) return sampleValue(schema.allOf[0], rnd, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) out[key] = sampleValue(value, rnd, key);
      return out;
    }
    case 'array':
      return [sampleValue(schema.items, rnd, name)];
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 1;
      return Math.max(min, 1);
    }
    case 'boolean':
      return true;
    case 'string':
    default: {
      if (schema.format === 'uuid') return seededUuid(rnd);
      if (schema.format === 'email' || /member_id|email/.test(name)) return `fuzz.${alnum(rnd, 6)}@example.test`;
      if (schema.pattern) {
        const value = fromPattern(schema.pattern, rnd);
        if (value !== undefined) return value;
      }
      if (/pwd|password/.test(name)) return 'abc!1234';
      const min = Math.max(schema.minLength ?? 0, 3);
      const word = `fuzz${alnum(rnd, 6)}`;
      return (word.length >= min ? word : word.padEnd(min, 'x')).slice(0, schema.maxLength ?? 64);
    }
  }
}

/** The types a field may have, per its schema (for "wrong type" values). */
export function schemaTypes(schema: JsonSchema | undefined): Set<string> {
  const types = new Set<string>();
  if (!schema) return types;
  for (const alt of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) for (const t of schemaTypes(alt)) types.add(t);
  if (schema.enum) for (const v of schema.enum) types.add(v === null ? 'null' : typeof v);
  if (schema.type) for (const t of [schema.type].flat()) types.add(t === 'integer' ? 'number' : t);
  if (schema.nullable) types.add('null');
  return types;
}

/** A value of a JSON type the field does not accept (seeded choice). */
export function wrongTypeValue(schema: JsonSchema | undefined, rnd: Random): unknown {
  const accepted = schemaTypes(schema);
  const candidates: Array<[string, unknown]> = [
    ['string', 'not-the-right-type'],
    ['number', 12345],
    ['boolean', true],
    ['object', { nested: { deeper: 1 } }],
    ['array', [1, 'two', null]],
    ['null', null],
  ];
  const wrong = candidates.filter(([type]) => !accepted.has(type));
  return rnd.pick(wrong.length ? wrong : candidates)[1];
}

/** The product's error body: exactly { status: 'error', message: non-empty string, field?: string }. */
export const ERROR_KEYS = ['status', 'message', 'field'] as const;

/**
 * Extra keys the product spec itself names on an error body (spec section 7: "POST /api/payment/verify
 * ... Response: cur_tokens, or an error field"). Allowed only on that operation, only when one of its
 * documented error responses declares the key, and only as a copy of `message`.
 */
export const SPEC_NAMED_ERROR_KEYS: Record<string, readonly string[]> = {
  'POST /api/payment/verify': ['error'],
};

/** Why a 4xx/5xx body is not the product's error body, or null when it is. */
export function errorBodyProblem(op: Pick<Operation, 'method' | 'path' | 'responses'> | null, raw: string) {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return 'not JSON';
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'not an object';
  const record = body as Record<string, unknown>;
  if (record.status !== 'error') return `status is ${JSON.stringify(record.status)}`;
  if (typeof record.message !== 'string' || record.message.trim() === '') return 'message is not a non-empty string';
  if ('field' in record && typeof record.field !== 'string') return 'field is not a string';
  const allowedExtra = op ? (SPEC_NAMED_ERROR_KEYS[`${op.method} ${op.path}`] ?? []) : [];
  // The operation's documented error responses (any status: the framework's 413 or 415 is not listed).
  const documented = new Set(
    Object.entries(op?.responses ?? {})
      .filter(([code]) => Number(code) >= 400)
      .flatMap(([, r]) => Object.keys(r.content?.['application/json']?.schema?.properties ?? {})),
  );
  for (const key of Object.keys(record)) {
    if ((ERROR_KEYS as readonly string[]).includes(key)) continue;
    if (allowedExtra.includes(key) && documented.has(key) && record[key] === record.message) continue;
    return `extra key ${JSON.stringify(key)}`;
  }
  return null;
}

/** Runs `fn` over `items` with at most `limit` at a time; results in input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>) {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!, index);
    }
  });
  await Promise.all(workers);
  return results;
}

export interface RawRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

export interface RawResponse {
  status: number;
  contentType: string;
  body: string;
  /** The answer was a stream still open after the time limit (server-sent events). */
  streaming: boolean;
  /** A transport error (inject threw) or no answer at all within the time limit. */
  error?: string;
}

const BODY_SHOWN = 200;

/**
 * app.inject() that also copes with answers that never end (the server-sent events stream): the
 * response is read as a stream; an event stream is cut `streamMs` after its head, anything else that
 * has not ended within `timeoutMs` counts as no answer.
 */
export async function send(app: App, req: RawRequest, timeoutMs = 20_000, streamMs = 500): Promise<RawResponse> {
  const abort = new AbortController();
  const timers: NodeJS.Timeout[] = [];
  const after = (ms: number) =>
    new Promise<'timeout'>((resolve) => {
      timers.push(setTimeout(() => resolve('timeout'), ms));
    });
  const deadline = after(timeoutMs);
  try {
    const head = await Promise.race([
      app.inject({
        method: req.method as 'GET',
        url: req.url,
        headers: req.headers ?? {},
        ...(req.payload !== undefined ? { payload: req.payload } : {}),
        payloadAsStream: true,
        signal: abort.signal,
      }),
      deadline,
    ]);
    if (head === 'timeout') {
      abort.abort();
      return { status: 0, contentType: '', body: '', streaming: false, error: `no answer within ${timeoutMs} ms` };
    }
    const contentType = String(head.headers['content-type'] ?? '');
    const isEventStream = contentType.startsWith('text/event-stream');
    const stream = head.stream();
    const chunks: Buffer[] = [];
    const ended = new Promise<'end'>((resolve, reject) => {
      stream.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)));
      stream.on('end', () => resolve('end'));
      stream.on('error', reject);
    });
    const outcome = await Promise.race([ended, isEventStream ? after(streamMs) : deadline]).catch(() => 'end' as const);
    if (outcome === 'timeout') {
      abort.abort();
      stream.destroy();
    }
    const body = Buffer.concat(chunks).toString('utf8');
    if (outcome === 'timeout' && !isEventStream) {
      return {
        status: head.statusCode,
        contentType,
        body,
        streaming: false,
        error: `body not ended within ${timeoutMs} ms`,
      };
    }
    return { status: head.statusCode, contentType, body, streaming: outcome === 'timeout' };
  } catch (error) {
    return { status: 0, contentType: '', body: '', streaming: false, error: String(error) };
  } finally {
    for (const timer of timers) clearTimeout(timer);
  }
}

/** A short, printable version of a body for a failure line. */
export function shorten(text: string, max = BODY_SHOWN): string {
  const clean = JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
  return clean.slice(1, -1);
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token whose payload was replaced while the original header and signature were kept. */
export function tamperedToken(token: string, changes: Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
  return `${header}.${b64url({ ...claims, ...changes })}.${signature}`;
}

/** An unsigned token (`alg: none`) with the given claims and a valid lifetime. */
export function algNoneToken(claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ iat: now, exp: now + 3600, ...claims })}.`;
}

/** An HS256 token signed with a secret that is not the app's. */
export function foreignSecretToken(
  claims: Record<string, unknown>,
  secret = 'not-the-velvet-secret-but-long-enough-1234',
) {
  const now = Math.floor(Date.now() / 1000);
  const head = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ iat: now, exp: now + 3600, ...claims })}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}
