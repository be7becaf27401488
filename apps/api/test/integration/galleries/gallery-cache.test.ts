import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../src/app.ts';
import { closeServices, createServices } from '../../../src/bootstrap/create-services.ts';
import type { AppServices } from '../../../src/bootstrap/app-services.ts';
import { ZListImagesRequest } from '@velvet/contracts/galleries/list-images';
import {
  createGalleryCache,
  GALLERY_VERSION_KEY,
  invalidateGalleryCache,
  invalidateMemberGalleries,
  memberVersionKey,
  PAGE_TTL_MS,
  staleMemberGalleries,
  VERSION_FRESH_MS,
} from '../../../src/services/galleries/gallery-cache.ts';
import { testConfig } from '../../support/app.ts';
import { createCompleteImages, createMember } from '../../support/factories.ts';

type Who = { id: string; headers: Record<string, string> };
type Page = { list: Array<{ image_id: string; like_cnt: number; is_liked: string }>; total_count: number };

// Two API instances on one database and one Redis, both with the caches on (tests turn them off by
// default): what one publishes, the other's guests see at once.
describe('guest Explore cache', () => {
  let services: AppServices[] = [];
  let a: App;
  let b: App;
  let plain: App;
  let owner: Who;
  let other: Who;

  const instance = async (caches: boolean) => {
    const s = createServices(testConfig({ REPORT_HIDE_THRESHOLD: '1', CLAIM_DAILY_LIMIT: '100' }));
    services.push(s);
    const app = await buildApp({ services: s, logger: false, caches });
    await app.ready();
    return app;
  };
  const who = async (app: App): Promise<Who> => {
    const m = await createMember(services[0]!.db);
    return { id: m.id, headers: { authorization: `Bearer ${app.signAccessToken({ sub: m.id, role: 'member' })}` } };
  };
  const guest = async (app: App, query = '') => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/images${query}` });
    expect(res.statusCode).toBe(200);
    return res;
  };
  const ids = (body: Page) => body.list.map((i) => i.image_id);
  const mine = () => `?member_id=${encodeURIComponent(owner.id)}`;
  const act = (app: App, action: string, id: string, by: Who = owner, payload?: object) =>
    app.inject({
      method: 'POST',
      url: `/api/v2/image/${action}/${id}`,
      headers: by.headers,
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    a = await instance(true);
    b = await instance(true);
    plain = await instance(false);
    owner = await who(a);
    other = await who(a);
  });
  afterAll(async () => {
    for (const app of [a, b, plain]) await app?.close();
    for (const s of services) await closeServices(s);
    services = [];
  });

  it('serves the same bytes as an uncached app, and serves them from Redis', async () => {
    const published = await createCompleteImages(services[0]!, owner.id, 3, { open: true });
    // A direct row change is not an invalidation: invalidate as publishing does, to start clean (a bare
    // INCR would reach this process's instances only within VERSION_FRESH_MS).
    await invalidateGalleryCache();
    const first = await guest(a, mine());
    const uncached = await guest(plain, mine());
    expect(first.body).toBe(uncached.body);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect([...ids(first.json())].sort()).toEqual([...published].sort());

    // A like count changed behind the services' back: the cached page may lag (up to PAGE_TTL_MS)...
    await services[0]!.db.image.update({ where: { imageId: published[0]! }, data: { likeCnt: 7 } });
    expect((await guest(b, mine())).body).toBe(first.body);
    // ...a member's first request of that page is not served from the guests' entries.
    const signedIn = await a.inject({ method: 'GET', url: `/api/v1/images${mine()}`, headers: other.headers });
    expect(signedIn.json().list.find((i: { image_id: string }) => i.image_id === published[0]).like_cnt).toBe(7);
    expect(PAGE_TTL_MS).toBeLessThanOrEqual(10_000);
  });

  it('sends a cached page compressed as the guest accepts (brotli, gzip or none), with the same JSON', async () => {
    await createCompleteImages(services[0]!, owner.id, 4, { open: true });
    await invalidateGalleryCache();
    const plainPage = await guest(a, mine());
    expect(plainPage.headers['content-encoding']).toBeUndefined();
    expect(plainPage.body.length).toBeGreaterThan(1024);
    const asked = (encoding: string) =>
      a.inject({ method: 'GET', url: `/api/v1/images${mine()}`, headers: { 'accept-encoding': encoding } });

    const br = await asked('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plainPage.body);
    // The second guest gets the very bytes compressed for the first.
    expect((await asked('br')).rawPayload.equals(br.rawPayload)).toBe(true);

    const gzip = await asked('gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plainPage.body);
    expect((await asked('identity')).headers['content-encoding']).toBeUndefined();
  });

  it('keeps text beyond ASCII byte for byte in cached pages, plain and compressed, for guests and members', async () => {
    // Pages are cached and sent as their UTF-8 bytes: a character cut in two would show here.
    const prompt = 'a lighthouse café at night, 夜の灯台, ☕ and 🌊 — ünïcödé';
    const [id] = await createCompleteImages(services[0]!, owner.id, 1, { open: true, prompt });
    await invalidateGalleryCache();
    const path = `/api/v1/images${mine()}`;
    const uncached = (await guest(plain, mine())).body;
    expect(JSON.parse(uncached).list.find((i: { image_id: string }) => i.image_id === id).prompt).toBe(prompt);
    // a fills Redis; b reads it from there; a again from its own memory.
    for (const app of [a, b, a]) expect((await guest(app, mine())).body).toBe(uncached);
    const br = await b.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(uncached);

    const member = (await plain.inject({ method: 'GET', url: path, headers: other.headers })).body;
    expect(JSON.parse(member).list.find((i: { image_id: string }) => i.image_id === id).prompt).toBe(prompt);
    for (const app of [a, b]) {
      const res = await app.inject({ method: 'GET', url: path, headers: other.headers });
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toBe(member);
    }
    const gzip = await b.inject({ method: 'GET', url: path, headers: { ...other.headers, 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(member);
  });

  it('shows a published image to guests of every instance immediately, for every sort and filter', async () => {
    const [id] = await createCompleteImages(services[0]!, owner.id, 1, { runType: 'Manga' });
    const queries = [
      '',
      '?run_type=Manga',
      mine(),
      `${mine()}&sort_by=Popular`,
      `${mine()}&sort_by=MostViewed&run_type=Manga`,
      `${mine()}&sort_by=Randomize&seed=abc`,
    ];
    for (const q of queries) for (const app of [a, b]) expect(ids((await guest(app, q)).json())).not.toContain(id);

    expect((await act(a, 'publish', id!)).json()).toMatchObject({ is_open: 'Y' });
    const started = Date.now();
    expect(ids((await guest(b, '')).json())[0]).toBe(id);
    expect(ids((await guest(a, '?run_type=Manga')).json())[0]).toBe(id);
    expect(ids((await guest(b, mine())).json())[0]).toBe(id);
    for (const q of queries) expect(ids((await guest(b, q)).json())).toContain(id);
    // Well within the promise of 1 s (no timer is involved: the version moved with the publish).
    expect(Date.now() - started).toBeLessThan(1000);

    // Unpublished: gone from every instance's guest pages at once.
    expect((await act(b, 'publish', id!)).json()).toMatchObject({ is_open: 'N' });
    for (const q of queries) for (const app of [a, b]) expect(ids((await guest(app, q)).json())).not.toContain(id);
  });

  it('drops an image from guest pages when it is deleted, claimed or hidden by reports', async () => {
    const [deleted, claimed, reported] = await createCompleteImages(services[0]!, owner.id, 3);
    for (const id of [deleted!, claimed!, reported!]) await act(a, 'publish', id);
    expect(ids((await guest(b, mine())).json())).toEqual(expect.arrayContaining([deleted, claimed, reported]));

    expect((await act(a, 'delete', deleted!)).json()).toMatchObject({ status: 'ok' });
    expect(ids((await guest(b, mine())).json())).not.toContain(deleted);

    expect((await act(b, 'claim', claimed!)).json()).toMatchObject({ status: 'ok', is_claim: 'Y' });
    expect(ids((await guest(a, mine())).json())).not.toContain(claimed);

    expect((await act(a, 'report', reported!, other, { reason: 'spam' })).statusCode).toBe(200);
    expect(ids((await guest(b, mine())).json())).not.toContain(reported);
  });

  it("learns another instance's invalidation from Redis within VERSION_FRESH_MS", async () => {
    const [id] = await createCompleteImages(services[0]!, owner.id, 1);
    for (const app of [a, b]) expect(ids((await guest(app, mine())).json())).not.toContain(id);
    await services[0]!.db.image.update({ where: { imageId: id! }, data: { isOpen: true, publishedAt: new Date() } });
    // What invalidateGalleryCache() in another process does: one INCR, nothing said to this one.
    await services[1]!.redis.incr(GALLERY_VERSION_KEY);
    await new Promise((resolve) => setTimeout(resolve, VERSION_FRESH_MS + 50));
    for (const app of [a, b]) expect(ids((await guest(app, mine())).json())).toContain(id);
    expect(VERSION_FRESH_MS).toBeLessThan(1000);
  });

  it('holds in the process only the guest pages read in the last localTtlMs, and serves expired ones from Redis', async () => {
    const localTtlMs = 150;
    const cache = createGalleryCache(services[0]!.redis, { localTtlMs });
    const query = (seed: string) => ZListImagesRequest.parse({ sort_by: 'Randomize', seed });
    let loads = 0;
    const read = (seed: string) =>
      cache.page(query(seed), async () => {
        loads += 1;
        return JSON.stringify({ seed, list: [] });
      });
    try {
      // One-off Randomize seeds, as every visitor brings: each page is read once.
      for (const seed of ['one', 'two', 'three']) expect(JSON.parse((await read(seed)).toString()).seed).toBe(seed);
      expect(cache.heldPages()).toBe(3);
      expect(JSON.parse((await read('one')).toString()).seed).toBe('one');
      expect(loads).toBe(3);
      await new Promise((resolve) => setTimeout(resolve, localTtlMs + 50));
      // The next page kept lets the expired ones go; an expired page comes back from Redis unchanged.
      await read('four');
      expect(cache.heldPages()).toBe(1);
      expect(JSON.parse((await read('two')).toString()).seed).toBe('two');
      expect(loads).toBe(4);
      expect(cache.heldPages()).toBe(2);
    } finally {
      cache.close();
    }
  });

  it('keeps the guest page limit and does not cache refusals', async () => {
    const res = await a.inject({ method: 'GET', url: '/api/v1/images?page=4' });
    expect(res.statusCode).toBe(401);
    expect((await a.inject({ method: 'GET', url: '/api/v1/images?page=4' })).statusCode).toBe(401);
    expect((await a.inject({ method: 'GET', url: '/api/v1/images?cursor=nonsense' })).statusCode).toBe(400);
  });

  describe('signed-in pages (cached per member)', () => {
    const get = (app: App, path: string, by: Who) => app.inject({ method: 'GET', url: path, headers: by.headers });
    const liked = (body: Page) => body.list.filter((i) => i.is_liked === 'Y').map((i) => i.image_id);

    it('answers the same JSON as an uncached app for Explore, My Collections and Liked Contents', async () => {
      const [x, y] = await createCompleteImages(services[0]!, owner.id, 2, { open: true });
      expect((await act(a, 'likes', x!, other)).json()).toMatchObject({ is_liked: 'Y' });
      for (const path of [`/api/v1/images${mine()}`, '/api/v2/images', '/api/v2/likeimages']) {
        for (const by of [owner, other]) {
          const cached = await get(a, path, by);
          expect(cached.statusCode).toBe(200);
          expect(cached.headers['content-type']).toBe('application/json; charset=utf-8');
          expect(cached.body).toBe((await get(plain, path, by)).body);
          // Served from Redis to the same member on the other instance.
          expect((await get(b, path, by)).body).toBe(cached.body);
        }
      }
      expect(liked((await get(b, `/api/v1/images${mine()}`, other)).json())).toEqual([x]);
      expect(liked((await get(b, `/api/v1/images${mine()}`, owner)).json())).toEqual([]);
      expect(ids((await get(a, '/api/v2/images', owner)).json())).toEqual(expect.arrayContaining([x, y]));
    });

    it("shows a like or unlike at once in the member's pages on every instance, and only theirs", async () => {
      const [id] = await createCompleteImages(services[0]!, owner.id, 1, { open: true });
      // Everyone's pages cached first.
      for (const app of [a, b]) {
        for (const by of [owner, other]) {
          expect(ids((await get(app, '/api/v2/likeimages', by)).json())).not.toContain(id);
          expect(liked((await get(app, `/api/v1/images${mine()}`, by)).json())).not.toContain(id);
        }
      }
      const ownerBefore = (await get(b, '/api/v2/likeimages', owner)).body;

      expect((await act(a, 'likes', id!, other)).json()).toMatchObject({ is_liked: 'Y' });
      expect(ids((await get(b, '/api/v2/likeimages', other)).json())[0]).toBe(id);
      expect(liked((await get(b, `/api/v1/images${mine()}`, other)).json())).toContain(id);
      expect(liked((await get(b, '/api/v2/images', owner)).json())).not.toContain(id);
      // Another member's cached pages were not touched.
      expect((await get(b, '/api/v2/likeimages', owner)).body).toBe(ownerBefore);

      expect((await act(b, 'likes', id!, other)).json()).toMatchObject({ is_liked: 'N' });
      expect(ids((await get(a, '/api/v2/likeimages', other)).json())).not.toContain(id);
      expect(liked((await get(a, `/api/v1/images${mine()}`, other)).json())).not.toContain(id);
    });

    it("holds a member's page once read from Redis, which then answers without it; any instance's invalidation still applies at once", async () => {
      const client = services[0]!.redis.duplicate();
      const cache = createGalleryCache(client, { localTtlMs: 60_000 });
      // A query of this test's own (the app's requests above cached this member's usual pages).
      const query = ZListImagesRequest.parse({ sort_by: 'Latest', seed: 'held-member-page' });
      const memberId = other.id;
      const filler = 'ü'.repeat(10_000); // a page's size (~20 KB), beyond ASCII
      let loads = 0;
      const read = async () =>
        JSON.parse(
          (
            await cache.memberPage('likes', memberId, query, async () => {
              loads += 1;
              return JSON.stringify({ load: loads, filler });
            })
          ).toString(),
        ) as { load: number; filler: string };
      /** What Redis sent this client while `step` ran. */
      const received = async (step: () => Promise<unknown>) => {
        const before = client.stream.bytesRead;
        await step();
        return client.stream.bytesRead - before;
      };
      try {
        await client.ping();
        // Read once: loaded and stored, not held (a page asked for once would only fill the process).
        expect((await read()).load).toBe(1);
        expect(cache.heldMemberPages()).toBe(0);
        // Read again: from Redis, and held from then on.
        expect(await received(read)).toBeGreaterThan(20_000);
        expect(cache.heldMemberPages()).toBe(1);
        let page: { load: number; filler: string } | undefined;
        expect(await received(async () => (page = await read()))).toBeLessThan(200);
        expect(page).toEqual({ load: 1, filler });

        // Another instance's like (the member's version) and publish (the global one): the next read
        // does not serve the held page, although it is still in date here.
        await staleMemberGalleries(services[1]!.redis.multi(), memberId).exec();
        expect((await read()).load).toBe(2);
        expect((await read()).load).toBe(2);
        await services[1]!.redis.incr(GALLERY_VERSION_KEY);
        expect((await read()).load).toBe(3);
        expect(loads).toBe(3);
      } finally {
        cache.close();
        client.disconnect();
      }
    });

    it("drops what others hide from a member's cached pages, and a finished image bumps the owner's version", async () => {
      const [id] = await createCompleteImages(services[0]!, owner.id, 1, { open: true });
      await act(a, 'likes', id!, other);
      expect(ids((await get(b, '/api/v2/likeimages', other)).json())).toContain(id);
      // The owner unpublishes it: gone from the other member's Liked Contents on every instance.
      expect((await act(a, 'publish', id!)).json()).toMatchObject({ is_open: 'N' });
      for (const app of [a, b]) expect(ids((await get(app, '/api/v2/likeimages', other)).json())).not.toContain(id);

      // A generation that finishes (the worker calls this with its own Redis client before telling the member).
      const [fresh] = await createCompleteImages(services[0]!, owner.id, 1);
      expect(ids((await get(b, '/api/v2/images', owner)).json())).toContain(fresh);
      const before = Number((await services[0]!.redis.get(memberVersionKey(owner.id))) ?? 0);
      await invalidateMemberGalleries(owner.id, services[1]!.redis);
      expect(Number(await services[0]!.redis.get(memberVersionKey(owner.id)))).toBe(before + 1);
      expect(await services[0]!.redis.pttl(memberVersionKey(owner.id))).toBeGreaterThan(PAGE_TTL_MS);
    });
  });
});
