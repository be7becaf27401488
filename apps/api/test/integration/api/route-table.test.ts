// Rules over the whole route table (app.routeTable), so a new route is checked without anyone listing
// it: every declared error response accepts the shared error body; a guard (authenticate,
// requireAdmin, requireSupport, identify) runs in onRequest, before the body is parsed or validated; no too long or
// odd path parameter gets anything but a 4xx with the product's error body (docs/security.md "## Errors").
import { ZErrorResponse } from '@velvet/contracts/common';
import { API_PATHS } from '@velvet/contracts/routes';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { createMember } from '../../support/factories.ts';

const SHARED_ERROR_BODY = { status: 'error', message: 'x', field: 'y' };

/**
 * Error statuses whose body is the route's own report rather than an error the handler raises: the
 * readiness probe answers 503 with { status: 'error', checks } (its checks catch their own failures).
 */
const OWN_ERROR_REPORTS = new Set(['GET /readyz 503']);

type Guard = 'authenticate' | 'requireAdmin' | 'requireSupport' | 'identify';

interface Route {
  method: string;
  url: string;
  options: RouteOptions;
}

function hooksOf(value: unknown): unknown[] {
  if (!value) return [];
  return Array.isArray(value) ? value : [value];
}

/** The routes of the table, HEAD twins of GET routes and file-serving wildcards left out. */
function routesOf(t: TestApp): Route[] {
  const routes: Route[] = [];
  for (const options of t.app.routeTable) {
    for (const method of hooksOf(options.method) as string[]) {
      if (method === 'HEAD' || options.url.includes('*')) continue;
      routes.push({ method, url: options.url, options });
    }
  }
  return routes;
}

function guardOf(t: TestApp, route: Route): Guard | null {
  const onRequest = hooksOf(route.options.onRequest);
  if (onRequest.includes(t.app.requireAdmin)) return 'requireAdmin';
  if (onRequest.includes(t.app.requireSupport)) return 'requireSupport';
  if (onRequest.includes(t.app.authenticate)) return 'authenticate';
  if (onRequest.includes(t.app.identify)) return 'identify';
  return null;
}

/** The route's path with each `:param` filled with `value`. */
function fill(url: string, value: string): string {
  return url.replace(/:([A-Za-z_]+)/g, () => encodeURIComponent(value));
}

function expectErrorBody(res: { statusCode: number; json(): unknown; body: string }, where: string) {
  expect(res.statusCode, `${where}: ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${where}: ${res.body}`).toBeLessThan(500);
  const parsed = ZErrorResponse.strip().safeParse(res.json());
  expect(parsed.success, `${where}: ${res.body}`).toBe(true);
  expect(Object.keys(res.json() as object).sort(), `${where}: ${res.body}`).toSatisfy((keys: string[]) =>
    keys.every((key) => ['status', 'message', 'field', 'error'].includes(key)),
  );
}

let t: TestApp;
let memberToken: string;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const member = await createMember(t.services.db);
  const admin = await createMember(t.services.db, { role: 'admin' });
  memberToken = t.app.signAccessToken({ sub: member.id, role: 'member' });
  adminToken = t.app.signAccessToken({ sub: admin.id, role: 'admin' });
});
afterAll(() => t.close());

describe('the route table', () => {
  it('is read from the app (not listed by hand)', () => {
    const routes = routesOf(t);
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.some((r) => r.url === API_PATHS.createQna && r.method === 'POST')).toBe(true);
  });

  it('every declared 4xx/5xx response schema accepts the shared error body', () => {
    const refused: string[] = [];
    for (const route of routesOf(t)) {
      const responses = (route.options.schema?.response ?? {}) as Record<string, unknown>;
      for (const [code, schema] of Object.entries(responses)) {
        if (!/^[45]/.test(code) || OWN_ERROR_REPORTS.has(`${route.method} ${route.url} ${code}`)) continue;
        const zod = schema as { safeParse?: (value: unknown) => { success: boolean } };
        if (typeof zod.safeParse !== 'function') {
          refused.push(`${route.method} ${route.url} ${code}: not a zod schema`);
        } else if (!zod.safeParse(SHARED_ERROR_BODY).success) {
          refused.push(`${route.method} ${route.url} ${code}`);
        }
      }
    }
    expect(refused).toEqual([]);
  });

  it('no guard runs after parsing: authenticate, requireAdmin and identify are onRequest hooks', () => {
    const guards = new Set<unknown>([t.app.authenticate, t.app.requireAdmin, t.app.requireSupport, t.app.identify]);
    const late = routesOf(t)
      .filter((route) =>
        ['preParsing', 'preValidation', 'preHandler'].some((stage) =>
          hooksOf(route.options[stage as keyof RouteOptions]).some((hook) => guards.has(hook)),
        ),
      )
      .map((route) => `${route.method} ${route.url}`);
    expect(late).toEqual([]);
  });

  it('every route the OpenAPI document says takes a bearer token has a guard', () => {
    // The document derives security from the guards (plugins/external/swagger.ts); this reads it back.
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { security?: object[] }>> };
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([url, item]) =>
        Object.entries(item)
          .filter(([, op]) => (op.security ?? []).length > 0)
          .map(([method]) => `${method.toUpperCase()} ${url.replace(/\{([^}]+)\}/g, ':$1')}`),
      ),
    );
    expect(documented.size).toBeGreaterThan(40);
    const unguarded = routesOf(t)
      .filter((route) => documented.has(`${route.method} ${route.url}`))
      .filter((route) => guardOf(t, route) === null)
      .map((route) => `${route.method} ${route.url}`);
    expect(unguarded).toEqual([]);
  });
});

describe('authentication before validation', () => {
  const BAD_BODIES = ['{"broken":', '{"unexpected":true}', '[]'];

  it('a guest sending a malformed body or parameters to a protected route gets 401, never 400', async () => {
    const protectedRoutes = routesOf(t).filter((route) => {
      const guard = guardOf(t, route);
      return guard === 'authenticate' || guard === 'requireAdmin' || guard === 'requireSupport';
    });
    expect(protectedRoutes.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const route of protectedRoutes) {
      for (const body of route.method === 'GET' ? [undefined] : BAD_BODIES) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: `${fill(route.url, '../%00x')}?page=-1&limit=abc&status=nonsense`,
          ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, payload: body }),
        });
        if (res.statusCode !== 401 || res.json().status !== 'error') {
          wrong.push(`${route.method} ${route.url} ${body ?? ''} -> ${res.statusCode} ${res.body.slice(0, 80)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("a member's malformed body to an admin route gets 403, never 400", async () => {
    const adminRoutes = routesOf(t).filter((route) => {
      const guard = guardOf(t, route);
      return guard === 'requireAdmin' || guard === 'requireSupport';
    });
    expect(adminRoutes.length).toBeGreaterThan(5);
    const wrong: string[] = [];
    for (const route of adminRoutes) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: `${fill(route.url, 'x')}?page=-1`,
        headers: {
          authorization: `Bearer ${memberToken}`,
          ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }),
        },
        ...(route.method === 'GET' ? {} : { payload: '{"broken":' }),
      });
      if (res.statusCode !== 403) wrong.push(`${route.method} ${route.url} -> ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a guest with a forged token on an identify route gets 401 before validation', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API_PATHS.verifyPayment,
      headers: { authorization: 'Bearer not.a.token', 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('the raw token (spec section 7: a few calls send it as the raw Authorization value)', () => {
  /**
   * Routes that answer a stream (server-sent events) stay open; inject would wait for their end. Read
   * from the 200 response's media type, as the API document declares it.
   */
  const isStream = (route: Route) => {
    const ok = (
      route.options.schema as { response?: Record<string, { content?: Record<string, unknown> }> } | undefined
    )?.response?.[200];
    return Object.keys(ok?.content ?? {}).includes('text/event-stream');
  };
  const guarded = () => routesOf(t).filter((route) => guardOf(t, route) !== null && !isStream(route));

  /** A new member of the role the route needs, so a route that changes its caller changes nobody else. */
  async function freshToken(route: Route): Promise<string> {
    const guard = guardOf(t, route);
    const role = guard === 'requireAdmin' || guard === 'requireSupport' ? 'admin' : 'member';
    const m = await createMember(t.services.db, { role });
    return t.app.signAccessToken({ sub: m.id, role });
  }

  function call(route: Route, authorization: string) {
    return t.app.inject({
      method: route.method as 'GET',
      url: fill(route.url, 'x'),
      headers: { authorization, ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
      ...(route.method === 'GET' ? {} : { payload: '{}' }),
    });
  }

  it('every guarded route answers a raw token as it answers the same token after Bearer', async () => {
    const routes = guarded();
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.some((r) => r.url === API_PATHS.queryRate)).toBe(true);
    // The member event stream is left out (it never ends); the same guard serves it.
    expect(routes.some((r) => r.url === API_PATHS.memberEvents)).toBe(false);
    const wrong: string[] = [];
    for (const route of routes) {
      const bearer = await call(route, `Bearer ${await freshToken(route)}`);
      const raw = await call(route, await freshToken(route));
      if (bearer.statusCode === 401 || raw.statusCode !== bearer.statusCode) {
        wrong.push(
          `${route.method} ${route.url}: Bearer ${bearer.statusCode}, raw ${raw.statusCode} ${raw.body.slice(0, 60)}`,
        );
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a raw token is the same member as after Bearer', async () => {
    const raw = await t.app.inject({
      method: 'GET',
      url: API_PATHS.getMember,
      headers: { authorization: memberToken },
    });
    const bearer = await t.app.inject({
      method: 'GET',
      url: API_PATHS.getMember,
      headers: { authorization: `Bearer ${memberToken}` },
    });
    expect(raw.statusCode, raw.body).toBe(200);
    expect(raw.json()).toEqual(bearer.json());
  });

  it("a malformed Authorization header is 401 with the product's body on every guarded route", async () => {
    const malformed = [
      'Bearer',
      'Bearer ',
      'Basic x',
      `Basic ${memberToken}`,
      `Bearer ${memberToken} extra`,
      `Token ${memberToken}`,
      `${memberToken} ${memberToken}`,
      'not-a-token',
      `${memberToken}x`,
    ];
    const wrong: string[] = [];
    for (const route of guarded()) {
      for (const header of malformed) {
        const res = await call(route, header);
        if (
          res.statusCode !== 401 ||
          JSON.stringify(res.json()) !== JSON.stringify({ status: 'error', message: 'Login required' })
        ) {
          wrong.push(
            `${route.method} ${route.url} [${header.slice(0, 20)}] -> ${res.statusCode} ${res.body.slice(0, 60)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('path parameters', () => {
  function tokenFor(guard: Guard | null): Record<string, string> {
    if (guard === 'authenticate') return { authorization: `Bearer ${memberToken}` };
    if (guard === 'requireAdmin' || guard === 'requireSupport') return { authorization: `Bearer ${adminToken}` };
    return {};
  }

  it.each([
    ['over 100 characters', 'a'.repeat(150)],
    ['over the router limit', 'b'.repeat(5000)],
    ['a NUL and a climb', '../%00'],
  ])('%s: every route with a parameter answers a 4xx with the error body', async (_name, value) => {
    const withParams = routesOf(t).filter((route) => route.url.includes(':'));
    expect(withParams.length).toBeGreaterThan(10);
    for (const route of withParams) {
      const guard = guardOf(t, route);
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: fill(route.url, value),
        headers: { ...tokenFor(guard), ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
        ...(route.method === 'GET' ? {} : { payload: '{}' }),
      });
      expectErrorBody(res, `${route.method} ${route.url}`);
      expect(res.statusCode, `${route.method} ${route.url}`).not.toBe(414);
    }
  });

  it('an id over 100 characters is refused by validation, which names the parameter', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v2/status/${'a'.repeat(150)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', field: 'id' });
  });

  it('a bad %-encoding gets 400 with the error body', async () => {
    for (const url of ['/api/v2/status/%E0%A4%A', '/api/v1/image/view/%zz', '/api/v1/image/detail/%']) {
      const res = await t.app.inject({ method: url.includes('view') ? 'POST' : 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ status: 'error', message: 'The URL is not valid (bad %-encoding)' });
    }
  });
});

describe("the framework's own errors answer the product's error body", () => {
  const login = API_PATHS.selfLogin;

  it('route not found: 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/v2/images/make/extra'],
      ['DELETE', API_PATHS.selfLogin],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().status).toBe('error');
    }
  });

  it('body too large: 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: login,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ member_id: 'a@b.c', member_pwd: 'x'.repeat(300 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: 'error', message: 'Request body is too large (at most 256 KB)' });
  });

  it('a content type other than JSON: 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await t.app.inject({ method: 'POST', url: login, headers: { 'content-type': type }, payload: 'a=b' });
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toEqual({ status: 'error', message: 'Unsupported content type: send application/json' });
    }
  });

  it('invalid JSON: 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: login,
      headers: { 'content-type': 'application/json' },
      payload: '{"member_id":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: 'Request body is not valid JSON' });
  });

  it('an empty body with content-type JSON: 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: login,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: 'Request body is empty: send a JSON object' });
  });

  it('a JSON body that is not an object: 400 naming no internals', async () => {
    for (const payload of ['null', '"text"', '42', '[]']) {
      const res = await t.app.inject({
        method: 'POST',
        url: login,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expectErrorBody(res, payload);
      expect(res.statusCode, payload).toBe(400);
    }
  });
});

describe('POST /api/payment/verify with a malformed body', () => {
  it.each([
    ['invalid JSON', 'application/json', '{"session_id":'],
    ['no session_id', 'application/json', '{}'],
    ['session_id of the wrong type', 'application/json', '{"session_id":42}'],
    ['a blank session_id', 'application/json', '{"session_id":"  "}'],
    ['an array', 'application/json', '[]'],
    ['an empty body', 'application/json', ''],
    ['text', 'text/plain', 'session_id=1'],
  ])('%s: a 4xx with the error body and the spec error field, never a 500', async (_name, type, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: API_PATHS.verifyPayment,
      headers: { 'content-type': type },
      payload,
    });
    expectErrorBody(res, payload);
    expect(res.json().error).toBe(res.json().message);
  });
});

describe('control characters in free text', () => {
  it('a NUL in contents of POST /api/qna is a 400 naming the field, and nothing is written', async () => {
    const member = await createMember(t.services.db);
    const token = t.app.signAccessToken({ sub: member.id, role: 'member' });
    const before = await t.services.db.qna.count({ where: { memberId: member.id } });
    for (const contents of ['hello\u0000world', 'bell\u0007', 'escape \u001b[31m']) {
      const res = await t.app.inject({
        method: 'POST',
        url: API_PATHS.createQna,
        headers: { authorization: `Bearer ${token}` },
        payload: { board_cd: 'QNA', board_title: 'general', contents },
      });
      expect(res.statusCode, JSON.stringify(contents)).toBe(400);
      expect(res.json()).toEqual({
        status: 'error',
        message: 'contents must not contain control characters',
        field: 'contents',
      });
    }
    expect(await t.services.db.qna.count({ where: { memberId: member.id } })).toBe(before);
    const ok = await t.app.inject({
      method: 'POST',
      url: API_PATHS.createQna,
      headers: { authorization: `Bearer ${token}` },
      payload: { board_cd: 'QNA', board_title: 'general', contents: 'line one\r\n\tline two' },
    });
    expect(ok.statusCode).toBe(200);
  });
});
