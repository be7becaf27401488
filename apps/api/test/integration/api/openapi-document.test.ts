// The OpenAPI document served at /docs/json, as a client developer uses it (docs/api.md): Redocly's
// recommended lint finds nothing, every operation has a unique name, the declared security is what
// the API really asks for, and a client generated from it (openapi-typescript) type-checks a call per
// domain while wrong calls fail to compile. `pnpm lint:openapi` runs this file.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../src/config/env.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: unknown;
  responses: Record<string, unknown>;
}
interface Document {
  info: { version: string; description?: string };
  servers?: Array<{ url: string }>;
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { description?: string }> };
}

const METHODS = new Set(['get', 'put', 'post', 'patch', 'delete']);

function operationsOf(doc: Document) {
  return Object.entries(doc.paths).flatMap(([url, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({ url, method, operation, where: `${method.toUpperCase()} ${url}` })),
  );
}

/** What the operation's security says about a caller without a token. */
function accessOf(operation: Operation): 'public' | 'optional' | 'bearer' {
  const security = operation.security ?? [];
  if (security.length === 0) return 'public';
  return security.some((requirement) => Object.keys(requirement).length === 0) ? 'optional' : 'bearer';
}

let t: TestApp;
let doc: Document;
let workDir: string;
let documentFile: string;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'velvet-openapi-'));
  documentFile = path.join(workDir, 'openapi.json');
  fs.writeFileSync(documentFile, res.body);
});
afterAll(async () => {
  await t?.close();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

describe('Redocly lint (recommended rules, redocly.yaml)', () => {
  it('finds no error and no warning in the served document', async () => {
    const cli = path.join(REPO_ROOT, 'node_modules/@redocly/cli/bin/cli.js');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [cli, 'lint', documentFile, '--config', path.join(REPO_ROOT, 'redocly.yaml'), '--format=json'],
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }, timeout: 60_000 },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as {
      totals: { errors: number; warnings: number };
      problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
    };
    const problems = report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });
});

describe('the document', () => {
  it('names every operation once, verb first', () => {
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(50);
    const missing = operations.filter((o) => !o.operation.operationId).map((o) => o.where);
    expect(missing).toEqual([]);
    const seen = new Map<string, string>();
    const shared: string[] = [];
    for (const { operation, where } of operations) {
      const id = operation.operationId!;
      if (seen.has(id)) shared.push(`${id}: ${seen.get(id)} and ${where}`);
      seen.set(id, where);
      expect(id, where).toMatch(/^[a-z][A-Za-z0-9]*$/);
    }
    expect(shared).toEqual([]);
    expect(seen.get('listPublicImages')).toBe('GET /api/v1/images');
    expect(seen.get('makeImages')).toBe('POST /api/v2/images/make');
    expect(seen.get('signIn')).toBe('POST /api/auth/self-login');
  });

  it('has the real version, a relative server, and a described tag for every tag used', async () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'apps/api/package.json'), 'utf8')) as {
      version: string;
    };
    expect(doc.info.version).toBe(pkg.version);
    expect(doc.servers).toEqual([{ url: '/' }]);
    const declared = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description ?? '']));
    const used = new Set(operationsOf(doc).flatMap((o) => o.operation.tags ?? []));
    for (const tag of used) expect(declared.get(tag), tag).toMatch(/\w/);
    for (const domain of ['auth', 'members', 'images', 'galleries', 'payments', 'wallet', 'support', 'ads', 'admin']) {
      expect(used).toContain(domain);
    }
    expect(doc.components.securitySchemes.bearerAuth?.description).toMatch(/raw/);
  });

  it('names PUBLIC_URL as the server when it is set', async () => {
    const other = await createTestApp({ PUBLIC_URL: 'https://velvet.example/' });
    try {
      const served = (await other.app.inject({ method: 'GET', url: '/docs/json' })).json() as Document;
      expect(served.servers).toEqual([{ url: 'https://velvet.example' }]);
    } finally {
      await other.close();
    }
  });

  it("describes images and the event stream with their real content types, errors with the product's body", () => {
    const detail = doc.paths['/api/v2/image/detail/{image_id}']!.get!;
    expect(Object.keys((detail.responses['200'] as { content: object }).content)).toEqual(['image/webp']);
    const events = doc.paths['/api/v2/events']!.get!;
    expect(Object.keys((events.responses['200'] as { content: object }).content)).toEqual(['text/event-stream']);
    expect(detail.responses['404']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
    });
  });
});

describe('declared security and responses match what the API answers', () => {
  it('a guest gets 401 exactly where a bearer token is required, and only documented statuses', async () => {
    const wrong: string[] = [];
    for (const { url, method, operation, where } of operationsOf(doc)) {
      const res = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url: url.replace(/\{[^}]+\}/g, 'x'),
        ...(method === 'get' ? {} : { headers: { 'content-type': 'application/json' }, payload: '{}' }),
      });
      const access = accessOf(operation);
      if ((access === 'bearer') !== (res.statusCode === 401)) wrong.push(`${where} (${access}) -> ${res.statusCode}`);
      if (res.statusCode >= 300 && !(String(res.statusCode) in operation.responses)) {
        wrong.push(`${where} answered ${res.statusCode}, not documented`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('an operation open to guests and members refuses a bad token (401), as documented', async () => {
    const optional = operationsOf(doc).filter((o) => accessOf(o.operation) === 'optional');
    expect(optional.map((o) => o.operation.operationId)).toEqual(
      expect.arrayContaining(['listPublicImages', 'getImageStatus', 'getImageThumbnail', 'verifyCheckoutSession']),
    );
    for (const { url, method, operation, where } of optional) {
      const res = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url: url.replace(/\{[^}]+\}/g, 'x'),
        headers: { authorization: 'Bearer not.a.token' },
      });
      expect(res.statusCode, where).toBe(401);
      expect(operation.responses, where).toHaveProperty('401');
    }
  });
});

describe('a client generated from the document (openapi-typescript)', () => {
  /** Compiles `source` beside the generated schema.d.ts; answers the compiler's messages. */
  function compile(dir: string, source: string): string[] {
    const file = path.join(dir, 'client.ts');
    fs.writeFileSync(file, source);
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    return ts.getPreEmitDiagnostics(program).map((d) => {
      const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
      return `client.ts:${line}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
  }

  let dir: string;
  beforeAll(async () => {
    dir = path.join(workDir, 'client');
    fs.mkdirSync(dir);
    const ast = await openapiTS(structuredClone(doc) as never);
    fs.writeFileSync(path.join(dir, 'schema.d.ts'), astToString(ast));
  });

  // A typed fetch wrapper over the generated `paths`: each right call must compile, and each call
  // under @ts-expect-error must not (an unused directive is itself a compile error).
  const CLIENT = `
import type { components, operations, paths } from './schema';

type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';
type Query<O> = O extends { parameters: { query?: infer Q } } ? Q : never;
type PathParams<O> = O extends { parameters: { path: infer P } } ? P : never;
type Body<O> = O extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
type Ok<O> = O extends { responses: { 200: { content: { 'application/json': infer R } } } } ? R : never;

declare function call<P extends keyof paths, M extends Method>(
  path: P,
  method: M,
  init: { query?: Query<paths[P][M]>; params?: PathParams<paths[P][M]>; body?: Body<paths[P][M]> },
): Promise<Ok<paths[P][M]>>;

export async function oneCallPerDomain() {
  // auth
  const session = await call('/api/auth/self-login', 'post', { body: { member_id: 'a@b.co', member_pwd: 'x!1aaaa' } });
  const outcome: 'ok' | 'nopwd' | 'no' = session.status;
  // members
  const renamed: string = (await call('/api/members', 'put', { body: { nicname: 'NightOwl' } })).nicname;
  // images
  const made = await call('/api/v2/images/make', 'post', {
    body: {
      run_id: 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6', prompt: 'a balcony at night', run_type: 'Realistic',
      run_style: 'Free', run_ratio: 'Portrait', details: 'Realistic', request_cnt: 2, fourk_yn: 'no',
      strength: 0.5, is_open: 'N', is_claim: 'N',
    },
  });
  const made2: 'ok' | 'no' = made.status;
  // galleries
  const page = await call('/api/v1/images', 'get', { query: { page: 2, sort_by: 'Popular' } });
  // payments
  const intent: string = (await call('/api/payment/create-intent', 'post', {
    body: { amount: 1500, paymentType: 'coin', coins: 12000, planName: '', billingPeriod: '' },
  })).clientSecret;
  // wallet
  const rate: number = (await call('/api/v2/wallet/query/{coin}', 'post', { params: { coin: 'BTC' } })).coin_cnt_per_dollar;
  // support
  const sent: 'ok' = (await call('/api/qna', 'post', { body: { board_cd: 'QNA', board_title: 'billing', contents: 'Hi' } })).status;
  // ads
  const zone: string | null = (await call('/api/ads/config', 'get', {})).iframe_url;
  // admin
  const requests = await call('/api/admin/qna', 'get', { query: { status: 'open', page: 1 } });
  // system
  const ready = await call('/readyz', 'get', {});
  // Operations are reachable by their operationId, errors by the shared schema.
  const signIn: operations['signIn']['requestBody'] = { content: { 'application/json': { member_id: 'a@b.co', member_pwd: 'x' } } };
  const failure: components['schemas']['ErrorResponse'] = { status: 'error', message: 'x', field: 'page' };
  return { outcome, renamed, made2, page, intent, rate, sent, zone, requests, ready, signIn, failure };
}

export async function wrongCalls() {
  // @ts-expect-error: no such query parameter
  await call('/api/v1/images', 'get', { query: { pagee: 2 } });
  // @ts-expect-error: sort_by is one of the listed sorts
  await call('/api/v1/images', 'get', { query: { sort_by: 'Newest' } });
  // @ts-expect-error: member_pwd is required
  await call('/api/auth/self-login', 'post', { body: { member_id: 'a@b.co' } });
  // @ts-expect-error: the coin is BTC, ETH or XRP
  await call('/api/v2/wallet/query/{coin}', 'post', { params: { coin: 'DOGE' } });
  // @ts-expect-error: no such path
  await call('/api/v2/imagez', 'get', {});
  // @ts-expect-error: iframe_url is a URL or null, not a number
  const zone: number = (await call('/api/ads/config', 'get', {})).iframe_url;
  // @ts-expect-error: no operation is called logIn
  type LogIn = operations['logIn'];
  return zone as unknown as LogIn;
}
`;

  it('type-checks one call per domain, and refuses wrong ones', () => {
    expect(compile(dir, CLIENT)).toEqual([]);
  });

  it('the compiler does report a wrong call (the check above can fail)', () => {
    const broken = CLIENT.replace('// @ts-expect-error: no such query parameter\n', '');
    expect(compile(dir, broken).join('\n')).toMatch(/pagee/);
  });
});
