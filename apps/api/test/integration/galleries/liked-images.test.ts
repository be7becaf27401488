// GET /api/v2/image/liked?ids=a,b,c (issue 14, item 6): which of one page's images the signed-in member
// likes, so that Explore's list can go without the token (and stay cacheable) while the web still
// shows filled hearts. Bearer only; at most one page of ids; answers only the caller's own likes. The
// query is a probe of the likes primary key (member_id, image_id), checked with EXPLAIN.
import { GALLERY } from '@velvet/contracts/catalog';
import { API_PATHS } from '@velvet/contracts/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/client.ts';
import { Prisma } from '../../../src/generated/prisma/client.ts';
import { findLikedImageIds } from '../../../src/repositories/like.repository.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { createCompleteImages, createMember } from '../../support/factories.ts';

type Headers = Record<string, string>;

describe('GET /api/v2/image/liked', () => {
  let t: TestApp;
  let fan: Headers;
  let fanId: string;
  let other: Headers;
  let ids: string[];

  const bearerOf = (id: string) => ({ authorization: `Bearer ${t.app.signAccessToken({ sub: id, role: 'member' })}` });
  const liked = (query: string, headers: Headers) =>
    t.app.inject({ method: 'GET', url: `${API_PATHS.likedImageIds}${query}`, headers });
  const like = (id: string, headers: Headers) =>
    t.app.inject({ method: 'POST', url: `/api/v2/image/likes/${id}`, headers });

  beforeAll(async () => {
    t = await createTestApp();
    const ownerId = (await createMember(t.services.db)).id;
    fanId = (await createMember(t.services.db)).id;
    fan = bearerOf(fanId);
    other = bearerOf((await createMember(t.services.db)).id);
    ids = await createCompleteImages(t.services, ownerId, 4, { open: true });
    // The fan likes the first and third; the other member likes the second and third.
    for (const id of [ids[0]!, ids[2]!]) expect((await like(id, fan)).statusCode).toBe(200);
    for (const id of [ids[1]!, ids[2]!]) expect((await like(id, other)).statusCode).toBe(200);
  });
  afterAll(() => t?.close());

  it('answers which of the asked ids the member likes, in the order asked, and only theirs', async () => {
    const res = await liked(`?ids=${ids.join(',')}`, fan);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', liked: [ids[0], ids[2]] });
    expect((await liked(`?ids=${[ids[3], ids[2], ids[1]].join(',')}`, fan)).json()).toEqual({
      status: 'ok',
      liked: [ids[2]],
    });
    expect((await liked(`?ids=${ids.join(',')}`, other)).json()).toEqual({ status: 'ok', liked: [ids[1], ids[2]] });
    // An id asked twice is answered once; an unknown image is simply not liked.
    const unknown = `${'Z'.repeat(32)}001`;
    expect((await liked(`?ids=${ids[0]},${ids[0]},${unknown}`, fan)).json()).toEqual({
      status: 'ok',
      liked: [ids[0]],
    });
  });

  it('follows a like and an unlike at once (nothing cached per member)', async () => {
    await like(ids[3]!, fan);
    expect((await liked(`?ids=${ids[3]}`, fan)).json()).toEqual({ status: 'ok', liked: [ids[3]] });
    await like(ids[3]!, fan);
    expect((await liked(`?ids=${ids[3]}`, fan)).json()).toEqual({ status: 'ok', liked: [] });
  });

  it('needs the token: a guest and a bad token get 401; the raw token works as Bearer does', async () => {
    const guest = await liked(`?ids=${ids[0]}`, {});
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ status: 'error' });
    expect((await liked(`?ids=${ids[0]}`, { authorization: 'Bearer not.a.token' })).statusCode).toBe(401);
    const raw = await liked(`?ids=${ids[0]}`, { authorization: fan.authorization!.replace(/^Bearer /, '') });
    expect(raw.json()).toEqual({ status: 'ok', liked: [ids[0]] });
  });

  it('answers 400 naming ids when they are missing, malformed or more than one page', async () => {
    const tooMany = Array.from({ length: GALLERY.maxPageSize + 1 }, (_, i) => `${'A'.repeat(32)}00${(i % 4) + 1}`);
    const distinctTooMany = tooMany.map((id, i) => `${String(i).padStart(2, '0')}${id.slice(2)}`);
    for (const query of [
      '',
      '?ids=',
      '?ids=not-an-id',
      `?ids=${ids[0]},,${ids[1]}`,
      `?ids=${ids[0]},${'x'.repeat(40)}`,
      `?ids=${distinctTooMany.join(',')}`,
    ]) {
      const res = await liked(query, fan);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json(), query).toMatchObject({ status: 'error', field: 'ids' });
      expect(res.json().message, query).toMatch(/^ids /);
    }
    // Exactly one page is fine.
    const onePage = distinctTooMany.slice(0, GALLERY.maxPageSize);
    expect((await liked(`?ids=${onePage.join(',')}`, fan)).statusCode).toBe(200);
  });

  it('is documented: operationId, tag, summary and the bearer requirement', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { operationId?: string; tags?: string[]; summary?: string; security?: unknown }>
      >;
    };
    const operation = doc.paths[API_PATHS.likedImageIds]?.get;
    expect(operation?.operationId).toBe('listLikedImageIds');
    expect(operation?.tags).toEqual(['images']);
    expect(operation?.summary).toBeTruthy();
    expect(operation?.security).toEqual([{ bearerAuth: [] }]);
  });

  it("reads the likes by index: one probe for the member's ids", async () => {
    const sent: Prisma.Sql[] = [];
    const recorder = {
      $queryRaw: (sql: Prisma.Sql) => {
        sent.push(sql);
        return t.services.db.$queryRaw(sql);
      },
    } as unknown as Database;
    expect(await findLikedImageIds(recorder, fanId, ids)).toEqual([ids[0], ids[2]]);
    expect(sent).toHaveLength(1);
    const plan = await t.services.db.$transaction(async (tx) => {
      // With sequential scans discouraged the plan shows whether the primary key serves the query,
      // whatever the table's size in this test.
      await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
      await tx.$executeRawUnsafe('SET LOCAL enable_bitmapscan = off');
      const rows = await tx.$queryRaw<Array<{ 'QUERY PLAN': unknown }>>(Prisma.sql`EXPLAIN (FORMAT JSON) ${sent[0]!}`);
      return JSON.stringify(rows[0]!['QUERY PLAN']);
    });
    // An index scan of likes with both the member and the page's ids in its condition. At this test's
    // size the primary key and likes_member_latest_idx (member first too) cost the same and the planner
    // takes either; the is_liked probe at a size where the choice is real is checked in gallery-plans.
    expect(plan).toMatch(/"Index Name":"(likes_pkey|likes_member_latest_idx)"/);
    expect(plan).toMatch(/"Node Type":"Index (Only )?Scan"/);
    expect(plan).toMatch(/"Index Cond":"\(\(member_id = [^"]*image_id = ANY/);
    expect(plan).not.toContain('Seq Scan');
  });
});
