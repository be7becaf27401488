// Who may call the support console's API (issue 15), generated from the app's route table: every
// /api/admin route is guarded by requireSupport (support and admins) or requireAdmin (admin-only:
// grants and role changes; the guard is the one list of them). Guest -> 401, member -> 403,
// support -> allowed except admin-only routes (403), admin -> allowed. A new route is checked the
// day it is added.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { createMember } from '../../support/factories.ts';
import { bearer } from '../../support/sessions.ts';

interface AdminRoute {
  method: string;
  url: string;
  adminOnly: boolean;
}

let t: TestApp;
let routes: AdminRoute[];
const tokens: Record<'member' | 'support' | 'admin', string> = { member: '', support: '', admin: '' };

const hooks = (value: unknown): unknown[] => (value ? (Array.isArray(value) ? value : [value]) : []);

beforeAll(async () => {
  t = await createTestApp();
  routes = [];
  for (const options of t.app.routeTable as RouteOptions[]) {
    if (!options.url.startsWith('/api/admin/') && options.url !== '/api/admin') continue;
    const onRequest = hooks(options.onRequest);
    for (const method of hooks(options.method) as string[]) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: options.url, adminOnly: onRequest.includes(t.app.requireAdmin) });
    }
  }
  for (const role of ['member', 'support', 'admin'] as const) {
    const m = await createMember(t.services.db, { role });
    tokens[role] = t.app.signAccessToken({ sub: m.id, role });
  }
});
afterAll(() => t.close());

/** A call with a well-formed id in each path parameter and an empty JSON body. */
function call(route: AdminRoute, headers: Record<string, string>) {
  const url = route.url.replace(/:([A-Za-z_]+)/g, (_m, name: string) =>
    name === 'member_id' ? 'nobody%40example.test' : name === 'coin' ? 'BTC' : '0190a0b0-0000-7000-8000-000000000000',
  );
  const body = route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} };
  return t.app.inject({ method: route.method as 'GET', url, headers, ...body });
}

describe('support console access, from the route table', () => {
  it('finds the console routes, and every one carries a console guard', () => {
    expect(routes.length).toBeGreaterThan(15);
    const unguarded = (t.app.routeTable as RouteOptions[])
      .filter((r) => r.url.startsWith('/api/admin/'))
      .filter((r) => {
        const onRequest = hooks(r.onRequest);
        return !onRequest.includes(t.app.requireSupport) && !onRequest.includes(t.app.requireAdmin);
      })
      .map((r) => `${String(r.method)} ${r.url}`);
    expect(unguarded).toEqual([]);
    // Role changes are admin-only; the members search is not.
    expect(routes.find((r) => r.url === '/api/admin/members/:member_id/role')?.adminOnly).toBe(true);
    expect(routes.find((r) => r.url === '/api/admin/members' && r.method === 'GET')?.adminOnly).toBe(false);
  });

  it('a guest gets 401 on every console route', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const res = await call(route, {});
      if (res.statusCode !== 401) wrong.push(`${route.method} ${route.url} -> ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a member gets 403 on every console route', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const res = await call(route, bearer(tokens.member));
      if (res.statusCode !== 403) wrong.push(`${route.method} ${route.url} -> ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('support passes every console guard but the admin-only ones, which answer 403', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const res = await call(route, bearer(tokens.support));
      const refused = res.statusCode === 401 || res.statusCode === 403;
      if (route.adminOnly !== refused || (refused && res.statusCode !== 403)) {
        wrong.push(`${route.method} ${route.url} (adminOnly ${route.adminOnly}) -> ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(routes.filter((r) => r.adminOnly).length).toBeGreaterThan(0);
  });

  it('an admin passes every console guard', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const res = await call(route, bearer(tokens.admin));
      if (res.statusCode === 401 || res.statusCode === 403) {
        wrong.push(`${route.method} ${route.url} -> ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the role is read from the database: a member whose token claims support is still refused', async () => {
    const m = await createMember(t.services.db);
    const forged = t.app.signAccessToken({ sub: m.id, role: 'support' });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/members', headers: bearer(forged) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: 'Support access required' });
  });
});
