// Attack suite (a): every operation of the OpenAPI document gets hostile requests (wrong types,
// missing fields, 1 MB strings, NUL and control characters, unicode, NaN / 1e309 / -0 / huge numbers,
// invalid JSON, empty bodies, wrong content types, traversal / %00 / over-long ids) as a guest, as a
// member and, on admin operations, as an admin. Any 5xx, hang, or error body that is not
// { status: 'error', message, field? } fails, with one line per failure. New routes are covered
// because the operations come from the document, and the document is checked against the router.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  errorBodyProblem,
  listOperations,
  mapLimit,
  routeTable,
  routerPath,
  seededRandom,
  send,
  shorten,
  type Operation,
} from '../../support/attack.ts';
import type { App } from '../../../src/app.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { createMember } from '../../support/factories.ts';
import { startFakeNowPayments, type FakeNowPayments } from '../../support/fakes/fake-nowpayments.ts';
import { startFakeStripe, type FakeStripe } from '../../support/fakes/stripe.ts';
import { startGoogleIdentityFake, type GoogleIdentityFake } from '../../support/google-identity.ts';
import { fundedMember } from '../../support/generation.ts';
import { fuzzCases } from './fuzz-cases.ts';

const SEED = 20_261_123;
const CONCURRENCY = 4;

type Identity = 'guest' | 'member' | 'admin';

const isAdminOperation = (op: Operation) => op.path.startsWith('/api/admin/') || op.tags.includes('admin');

/** Sends every fuzz case of `op` in order; one line per failure. */
async function fuzzOperation(
  app: App,
  op: Operation,
  seed: number,
  identity: string,
  auth: Record<string, string>,
  timeoutMs?: number,
) {
  const found: string[] = [];
  const cases = fuzzCases(op, seededRandom(seed));
  for (const fuzzCase of cases) {
    // The case's own Authorization header (a garbage token) wins over the identity's.
    const res = await send(app, { ...fuzzCase, headers: { ...auth, ...fuzzCase.headers } }, timeoutMs);
    const line = (why: string) =>
      `${op.method} ${op.path} [${identity}] ${fuzzCase.name} -> ${res.status} ${why}: ${shorten(res.body)}`;
    if (res.error) found.push(line(res.error));
    else if (res.status >= 500) found.push(line('server error'));
    else if (res.status >= 400) {
      const problem = errorBodyProblem(op, res.body);
      if (problem) found.push(line(`foreign error body (${problem})`));
    } else if (res.streaming && res.status >= 300) found.push(line('stream with an error status'));
  }
  return { failures: found, requests: cases.length };
}

describe('attack suite (a): fuzz every operation of the OpenAPI document', () => {
  let t: TestApp;
  let operations: Operation[];
  let stripe: FakeStripe;
  let google: GoogleIdentityFake;
  let nowPayments: FakeNowPayments;

  // Every optional feature on (card payments and Google sign-in against local fakes of their real
  // protocols), so no operation answers "not available here" instead of handling the input.
  beforeAll(async () => {
    stripe = await startFakeStripe();
    google = await startGoogleIdentityFake();
    // The hosted crypto gateway too (its IPN route answers 503 without it); its own payment ids.
    nowPayments = await startFakeNowPayments({
      apiKey: 'fuzz-nowpayments-key',
      ipnSecret: 'fuzz-nowpayments-ipn-secret',
      firstPaymentId: 8_000_000_000 + Math.floor(Math.random() * 1_000_000_000),
      firstTag: 1_000_000 + Math.floor(Math.random() * 1_000_000_000),
    });
    t = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_velvet',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_velvet',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_velvet_webhook_secret',
      STRIPE_API_URL: stripe.url,
      PUBLIC_URL: 'https://velvet.example',
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CERTS_URL: google.certsUrl,
      NOWPAYMENTS_API_KEY: 'fuzz-nowpayments-key',
      NOWPAYMENTS_IPN_SECRET: 'fuzz-nowpayments-ipn-secret',
      NOWPAYMENTS_API_URL: nowPayments.url,
    });
    operations = listOperations(t.app);
    // Start once the app is ready (its pool connected), as a load balancer would.
    for (let i = 0; i < 50; i++) {
      if ((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.stop();
    await google?.stop();
    await nowPayments?.stop();
  });

  it('documents every route of the router (a hidden route would escape the suites)', () => {
    const documented = new Set(operations.map((op) => `${op.method} ${routerPath(op.path)}`));
    const routes = routeTable(t.app);
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => !documented.has(route))).toEqual([]);
    expect([...documented].filter((op) => !routes.includes(op))).toEqual([]);
  });

  it('generates at least 15 cases for every operation, the same ones from the same seed', () => {
    const counts = operations.map((op) => fuzzCases(op, seededRandom(SEED)).length);
    for (const [i, op] of operations.entries()) expect(counts[i], op.path).toBeGreaterThanOrEqual(15);
    console.log(`fuzz cases per operation: ${Math.min(...counts)} to ${Math.max(...counts)}`);
    const once = operations.flatMap((op) => fuzzCases(op, seededRandom(SEED)).map((c) => `${c.name} ${c.url}`));
    const twice = operations.flatMap((op) => fuzzCases(op, seededRandom(SEED)).map((c) => `${c.name} ${c.url}`));
    expect(twice).toEqual(once);
  });

  async function fuzz(identity: Identity, select: (op: Operation) => boolean) {
    const started = Date.now();
    const selected = operations.filter(select);
    const failures: string[][] = [];
    let requests = 0;
    // A fresh account per operation, made before any request: deleting the account or spending coins
    // in one operation's cases does not change what the next operation sees.
    const auths = new Map<Operation, Record<string, string>>();
    for (const op of selected) {
      let auth: Record<string, string> = {};
      if (identity === 'member') auth = (await fundedMember(t.app, t.services.db, 1000)).headers;
      if (identity === 'admin') {
        const admin = await createMember(t.services.db, { role: 'admin' });
        auth = { authorization: `Bearer ${t.app.signAccessToken({ sub: admin.id, role: 'admin' })}` };
      }
      auths.set(op, auth);
    }
    // Operations run side by side (at most CONCURRENCY at once), the cases of one operation one after
    // another: the same seed gives the same answers. Concurrency itself is suite (c)'s subject.
    const run = async (op: Operation) => {
      const index = operations.indexOf(op);
      const result = await fuzzOperation(t.app, op, SEED + index, identity, auths.get(op)!);
      failures[index] = result.failures;
      requests += result.requests;
    };
    // Health probes measure the load itself (a readiness check has a 1 s budget): they are fuzzed
    // after the others, one at a time, so their answers do not depend on what runs beside them.
    const isProbe = (op: Operation) => op.tags.includes('system');
    await mapLimit(
      selected.filter((op) => !isProbe(op)),
      CONCURRENCY,
      run,
    );
    for (const op of selected.filter(isProbe)) await run(op);

    const all = failures.flat();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `fuzz [${identity}]: ${requests} requests over ${selected.length} operations in ${seconds} s, ` +
        `${all.length} failures${all.length ? `:\n  ${all.join('\n  ')}` : ''}`,
    );
    return { failures: all, operationsCount: selected.length };
  }

  it('answers a guest without 5xx and only with the product error body', { timeout: 300_000 }, async () => {
    const { failures } = await fuzz('guest', () => true);
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('answers a signed-in member without 5xx and only with the product error body', { timeout: 300_000 }, async () => {
    const { failures } = await fuzz('member', () => true);
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it(
    'answers an admin on admin operations without 5xx and only with the product error body',
    { timeout: 300_000 },
    async () => {
      const { failures, operationsCount } = await fuzz('admin', isAdminOperation);
      expect(operationsCount).toBeGreaterThan(10);
      expect(failures, failures.join('\n')).toEqual([]);
    },
  );
});

// The suite can fail: a route with the bugs it hunts (a crash on odd input, a framework-style error
// body, a hang) is planted in a separate app, and the same runner must report each of them.
describe('attack suite (a) catches planted bugs', () => {
  const planted: FastifyPluginAsyncZod = async (app) => {
    app.post(
      '/api/test/planted/:item_id',
      {
        schema: {
          tags: ['test'],
          params: z.object({ item_id: z.string().max(64) }),
          body: z.object({ title: z.string().max(300_000), count: z.number() }),
        },
      },
      async (request, reply) => {
        if (Object.is(request.body.count, -0)) throw new Error('a crash on negative zero');
        if (request.body.title.length > 100_000) return reply.code(422).send({ error: 'Too long', code: 'X' });
        if (request.params.item_id === 'NaN') await new Promise((resolve) => setTimeout(resolve, 3_000));
        return { status: 'ok' };
      },
    );
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, (app) => app.register(planted));
  });
  afterAll(() => t?.close());

  it('reports the crash, the foreign body and the hang, each on one line', { timeout: 120_000 }, async () => {
    const op = listOperations(t.app).find((o) => o.path === '/api/test/planted/{item_id}')!;
    expect(op).toBeDefined();
    // The first seed whose cases reach all three (the generator is deterministic per seed).
    const reaches = (seed: number) => {
      const names = fuzzCases(op, seededRandom(seed)).map((c) => c.name);
      return names.includes('path item_id: NaN') && names.includes('body count: -0');
    };
    let seed = 1;
    while (!reaches(seed)) seed++;
    const { failures } = await fuzzOperation(t.app, op, seed, 'guest', {}, 1_000);
    const reported = (text: string) => failures.some((f) => f.includes(text));
    expect(reported('body count: -0 -> 500 server error'), failures.join('\n')).toBe(true);
    expect(reported('200 KB string -> 422 foreign error body'), failures.join('\n')).toBe(true);
    expect(reported('path item_id: NaN -> 0 no answer within 1000 ms'), failures.join('\n')).toBe(true);
  });
});
