import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, MEMBER_CACHE_MS, type App } from '../../../src/app.ts';
import { closeServices, createServices } from '../../../src/bootstrap/create-services.ts';
import type { AppServices } from '../../../src/bootstrap/app-services.ts';
import { testConfig } from '../../support/app.ts';
import { createCompleteImages, createMember } from '../../support/factories.ts';

// The short member cache (plugins/app/auth.ts) and what an account deletion does to the caches.
describe('member cache', () => {
  let services: AppServices;
  let app: App;
  const bearer = (id: string, role: 'member' | 'admin' = 'member') => ({
    authorization: `Bearer ${app.signAccessToken({ sub: id, role })}`,
  });

  beforeAll(async () => {
    services = createServices(testConfig());
    app = await buildApp({ services, logger: false, caches: true });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await closeServices(services);
  });

  it('keeps a bound of a few seconds', () => {
    expect(MEMBER_CACHE_MS).toBeGreaterThan(0);
    expect(MEMBER_CACHE_MS).toBeLessThanOrEqual(5_000);
  });

  it("refuses a deleted member's token at once in the process that deleted it", async () => {
    const m = await createMember(services.db);
    expect((await app.inject({ method: 'GET', url: '/api/members', headers: bearer(m.id) })).statusCode).toBe(200);
    const deleted = await app.inject({ method: 'DELETE', url: '/api/members/delete', headers: bearer(m.id) });
    expect(deleted.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/members', headers: bearer(m.id) })).statusCode).toBe(401);
  });

  it('reuses a lookup for MEMBER_CACHE_MS: a change behind the services is seen after that', async () => {
    const m = await createMember(services.db);
    const me = () => app.inject({ method: 'GET', url: '/api/members', headers: bearer(m.id) });
    expect((await me()).statusCode).toBe(200);
    await services.db.member.update({ where: { id: m.id }, data: { deletedAt: new Date() } });
    await new Promise((resolve) => setTimeout(resolve, MEMBER_CACHE_MS + 100));
    expect((await me()).statusCode).toBe(401);
  });

  it("drops the deleted member's images from guest Explore at once", async () => {
    const m = await createMember(services.db);
    const [id] = await createCompleteImages(services, m.id, 1, { open: true });
    const explore = async () =>
      (await app.inject({ method: 'GET', url: `/api/v1/images?member_id=${encodeURIComponent(m.id)}` }))
        .json()
        .list.map((i: { image_id: string }) => i.image_id);
    await services.redis.incr('gallery:v');
    expect(await explore()).toContain(id);
    await app.inject({ method: 'DELETE', url: '/api/members/delete', headers: bearer(m.id) });
    expect(await explore()).not.toContain(id);
  });
});
