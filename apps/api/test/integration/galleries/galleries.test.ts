import { SORTS } from '@velvet/contracts/options';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { createCompleteImages, createMember } from '../../support/factories.ts';

// One isolated world: the image tables are emptied first, so counts and orders are exact.
describe('gallery lists', () => {
  let t: TestApp;
  let alice: { id: string; headers: Record<string, string> };
  let bob: { id: string; headers: Record<string, string> };
  let published: string[];
  let privateIds: string[];
  let claimed: string | undefined;
  let deleted: string | undefined;
  let manga: string[];

  const member = async () => {
    const m = await createMember(t.services.db);
    return { id: m.id, headers: { authorization: `Bearer ${t.app.signAccessToken({ sub: m.id, role: 'member' })}` } };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.services;
    await db.$executeRawUnsafe(
      'TRUNCATE likes, image_views, image_downloads, claims, content_reports, images, generation_runs CASCADE',
    );
    alice = await member();
    bob = await member();
    const base = Date.now() - 100 * 60_000;
    published = [];
    // 40 published Realistic images, one run each, a minute apart (oldest first).
    for (let i = 0; i < 40; i += 1) {
      const [id] = await createCompleteImages(t.services, alice.id, 1, {
        open: true,
        createdAt: new Date(base + i * 60_000),
      });
      published.push(id!);
    }
    manga = await createCompleteImages(t.services, bob.id, 2, {
      open: true,
      runType: 'Manga',
      createdAt: new Date(base - 60_000),
    });
    privateIds = await createCompleteImages(t.services, alice.id, 2, { open: false });
    [claimed] = await createCompleteImages(t.services, alice.id, 1, { open: false });
    await db.image.update({ where: { imageId: claimed! }, data: { isClaim: true } });
    [deleted] = await createCompleteImages(t.services, alice.id, 1, { open: false });
    await db.image.update({ where: { imageId: deleted! }, data: { isDelete: true, deletedAt: new Date() } });
    // Popularity and views with ties (image_id breaks them).
    for (const [i, id] of published.entries()) {
      await db.image.update({ where: { imageId: id }, data: { likeCnt: i % 5, viewCnt: (i * 7) % 11 } });
    }
  });
  afterAll(() => t.close());

  const list = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const ids = (body: { list: Array<{ image_id: string }> }) => body.list.map((i) => i.image_id);

  it('Explore shows only published, unclaimed, undeleted images, newest first, 30 a page', async () => {
    const res = await list('/api/v1/images');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total_count).toBe(42);
    expect(body.list).toHaveLength(30);
    expect(ids(body)).toEqual([...published].reverse().slice(0, 30));
    const all = [...ids(body), ...ids((await list('/api/v1/images?page=2')).json())];
    for (const hidden of [...privateIds, claimed, deleted]) expect(all).not.toContain(hidden);
    expect(body.list[0]).toMatchObject({
      image_id: published[39],
      prompt: 'a lighthouse in the fog',
      prompts: 'a lighthouse in the fog',
      run_type: 'Realistic',
      run_style: 'Free',
      run_ratio: 'Square',
      strength: 0.5,
      status: 'complete',
      is_open: 'Y',
      is_claim: 'N',
      is_delete: 'N',
      is_liked: 'N',
      imageUrl: `/api/v2/image/thumb/${published[39]}`,
      imageDetailUrl: `/api/v1/image/detail/${published[39]}`,
    });
    expect(body.list[0].run_dt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('filters by model (ALL and empty mean no filter) and by member', async () => {
    expect(ids((await list('/api/v1/images?run_type=Manga')).json()).sort()).toEqual([...manga].sort());
    expect((await list('/api/v1/images?run_type=ALL')).json().total_count).toBe(42);
    expect((await list('/api/v1/images?run_type=')).json().total_count).toBe(42);
    expect((await list(`/api/v1/images?member_id=${encodeURIComponent(bob.id)}`)).json().total_count).toBe(2);
  });

  it.each([
    ['Oldest', (a: string[]) => a.slice(0, 30)],
    ['Popular', null],
    ['MostViewed', null],
  ])('sorts by %s with image_id as the tiebreaker', async (sort, expected) => {
    const body = (await list(`/api/v1/images?sort_by=${sort}&run_type=Realistic`)).json();
    if (expected) {
      expect(ids(body)).toEqual(expected(published));
      return;
    }
    const rows = await t.services.db.image.findMany({ where: { imageId: { in: published } } });
    const key = sort === 'Popular' ? 'likeCnt' : 'viewCnt';
    const order = rows
      .sort((a, b) => b[key] - a[key] || (a.imageId < b.imageId ? 1 : -1))
      .map((r) => r.imageId)
      .slice(0, 30);
    expect(ids(body)).toEqual(order);
  });

  it('gives the same order with page and with the keyset cursor, for every sort', async () => {
    for (const sort of SORTS) {
      const byPage: string[] = [];
      for (let page = 1; page <= 5; page += 1) {
        byPage.push(
          ...ids((await list(`/api/v1/images?sort_by=${sort}&limit=7&page=${page}&seed=s1`, alice.headers)).json()),
        );
      }
      const byCursor: string[] = [];
      let cursor: string | null = null;
      for (let page = 1; page <= 5; page += 1) {
        const body: { list: Array<{ image_id: string }>; next_cursor: string | null } = (
          await list(
            `/api/v1/images?sort_by=${sort}&limit=7&seed=s1${cursor ? `&cursor=${cursor}` : ''}`,
            alice.headers,
          )
        ).json();
        byCursor.push(...ids(body));
        cursor = body.next_cursor;
      }
      expect(byCursor).toEqual(byPage);
      expect(new Set(byCursor).size).toBe(byCursor.length);
    }
  });

  it('randomizes stably for one seed, never repeating across pages, and differently for another', async () => {
    const walk = async (seed: string) => {
      const seen: string[] = [];
      for (let page = 1; page <= 2; page += 1) {
        seen.push(...ids((await list(`/api/v1/images?sort_by=Randomize&seed=${seed}&page=${page}`)).json()));
      }
      return seen;
    };
    const first = await walk('alpha');
    expect(first).toHaveLength(42);
    expect(new Set(first).size).toBe(42);
    expect(await walk('alpha')).toEqual(first);
    expect(await walk('beta')).not.toEqual(first);
  });

  it('lets guests read pages 1 to 3 only (401 beyond, by page or by cursor); members go further', async () => {
    for (let page = 1; page <= 3; page += 1) {
      expect((await list(`/api/v1/images?limit=5&page=${page}`)).statusCode).toBe(200);
    }
    const guest = await list('/api/v1/images?limit=5&page=4');
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ status: 'error', message: 'Please log in to see more images.' });
    let cursor: string | null = null;
    for (let page = 1; page <= 3; page += 1) {
      cursor = (await list(`/api/v1/images?limit=5${cursor ? `&cursor=${cursor}` : ''}`)).json().next_cursor;
    }
    expect((await list(`/api/v1/images?limit=5&cursor=${cursor}`)).statusCode).toBe(401);
    expect((await list(`/api/v1/images?limit=5&cursor=${cursor}`, alice.headers)).statusCode).toBe(200);
    expect((await list('/api/v1/images?limit=5&page=4', alice.headers)).statusCode).toBe(200);
  });

  it.each([
    ['limit=31', 'limit'],
    ['limit=0', 'limit'],
    ['page=0', 'page'],
    ['sort_by=Best', 'sort_by'],
    ['run_type=Photo', 'run_type'],
    ['cursor=garbage', 'cursor'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const res = await list(`/api/v1/images?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it('refuses a cursor of another sort', async () => {
    const cursor = (await list('/api/v1/images?limit=5')).json().next_cursor;
    const res = await list(`/api/v1/images?limit=5&sort_by=Popular&cursor=${cursor}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('cursor');
  });

  it("My Collections lists the member's own images (unpublished too, deleted never)", async () => {
    const body = (await list('/api/v2/images?limit=30', alice.headers)).json();
    expect(body.total_count).toBe(40 + 2 + 1);
    const all = [...ids(body), ...ids((await list('/api/v2/images?page=2', alice.headers)).json())];
    expect(all).toEqual(expect.arrayContaining([...privateIds, claimed!]));
    expect(all).not.toContain(deleted);
    expect(all).not.toContain(manga[0]);
    const own = body.list.find((i: { image_id: string }) => i.image_id === privateIds[0]);
    expect(own).toMatchObject({ is_open: 'N', imageDetailUrl: `/api/v2/image/detail/${privateIds[0]}` });
    expect((await list('/api/v2/images')).statusCode).toBe(401);
  });

  it('Liked Contents lists published images the member likes, with is_liked everywhere', async () => {
    for (const id of [published[3]!, published[5]!, manga[0]!]) {
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/v2/image/likes/${id}`, headers: bob.headers })).json()
          .is_liked,
      ).toBe('Y');
    }
    // Unpublished after the like: it leaves Liked Contents.
    await t.services.db.image.update({ where: { imageId: published[5]! }, data: { isOpen: false } });
    const body = (await list('/api/v2/likeimages', bob.headers)).json();
    expect(ids(body)).toEqual([manga[0], published[3]]);
    expect(body.list[0]).toMatchObject({ is_liked: 'Y', imageDetailUrl: `/api/v2/likeimage/detail/${manga[0]}` });
    const explore = (await list('/api/v1/images?run_type=Manga', bob.headers)).json();
    expect(explore.list.find((i: { image_id: string }) => i.image_id === manga[0]).is_liked).toBe('Y');
    expect((await list('/api/v2/likeimages')).statusCode).toBe(401);
    await t.services.db.image.update({ where: { imageId: published[5]! }, data: { isOpen: true } });
  });
});

describe('GET /api/ads/config', () => {
  it('is null for each zone unless configured', async () => {
    const plain = await createTestApp();
    const ads = await createTestApp({
      ADS_IFRAME_URL: 'https://ads.example/embed?zone=1',
      ADS_VAST_URL: 'https://ads.example/vast?zone=2',
    });
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/ads/config' })).json()).toEqual({
        iframe_url: null,
        vast_url: null,
      });
      expect((await ads.app.inject({ method: 'GET', url: '/api/ads/config' })).json()).toEqual({
        iframe_url: 'https://ads.example/embed?zone=1',
        vast_url: 'https://ads.example/vast?zone=2',
      });
    } finally {
      await plain.close();
      await ads.close();
    }
  });
});
