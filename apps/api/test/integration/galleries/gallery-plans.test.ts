// Deep gallery pages stay fast because every sort is read from an index in order, with the keyset
// position as an index condition: no sort step, no scan of the rows before the page. This EXPLAINs
// the exact SQL the gallery runs (sorting and sequential scans discouraged, so the plan shows whether
// a fitting index exists whatever the table size).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Database } from '../../../src/db/client.ts';
import { applyMigrations } from '../../../src/db/migrate.ts';
import { Prisma } from '../../../src/generated/prisma/client.ts';
import { galleryPageSql, type GalleryQuery } from '../../../src/repositories/gallery.repository.ts';
import { createScratchDatabase, useTestCluster, type ScratchDatabase } from '../../support/database.ts';

let cluster: { url: string; stop(): Promise<void> };
let scratch: ScratchDatabase;
let db: Database;

beforeAll(async () => {
  cluster = await useTestCluster();
  scratch = await createScratchDatabase(cluster.url, 'gallery_plans');
  await applyMigrations(scratch.url);
  db = createPrismaClient(scratch.url, { maxConnections: 2 });
});

afterAll(async () => {
  await db?.$disconnect();
  await scratch?.drop();
  await cluster?.stop();
});

async function planOf(query: GalleryQuery): Promise<string> {
  return db.$transaction(async (tx) => {
    await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
    await tx.$executeRawUnsafe('SET LOCAL enable_bitmapscan = off');
    await tx.$executeRawUnsafe('SET LOCAL enable_sort = off');
    const rows = await tx.$queryRaw<Array<{ 'QUERY PLAN': unknown }>>(
      Prisma.sql`EXPLAIN (FORMAT JSON) ${galleryPageSql(query)}`,
    );
    return JSON.stringify(rows[0]!['QUERY PLAN']);
  });
}

const deep = { value: 3, imageId: `${'m'.repeat(32)}001` };
const deepTime = { value: new Date('2026-01-01T00:00:00.000Z').toISOString(), imageId: `${'m'.repeat(32)}001` };

describe('gallery query plans', () => {
  it.each([
    ['Latest', 'images_explore_latest_idx', deepTime],
    ['Oldest', 'images_explore_latest_idx', deepTime],
    ['Popular', 'images_explore_popular_idx', deep],
    ['MostViewed', 'images_explore_viewed_idx', deep],
  ] as const)('Explore %s reads %s in order, keyset as the index condition', async (sort, index, after) => {
    const base: GalleryQuery = {
      scope: { kind: 'public' },
      viewerId: 'x@example.test',
      sort,
      seed: 's',
      limit: 30,
      offset: 0,
    };
    for (const query of [base, { ...base, after }]) {
      const plan = await planOf(query);
      expect(plan).toContain(index);
      expect(plan).not.toContain('"Node Type":"Sort"');
      expect(plan).not.toContain('Seq Scan');
    }
    expect(await planOf({ ...base, after })).toContain('Index Cond');
  });

  it.each([
    ['Latest', 'images_explore_type_latest_idx'],
    ['Popular', 'images_explore_type_popular_idx'],
  ] as const)('Explore filtered by model, %s, reads %s', async (sort, index) => {
    const plan = await planOf({
      scope: { kind: 'public' },
      viewerId: null,
      sort,
      runType: 'Manga',
      seed: 's',
      limit: 30,
      offset: 0,
      after: sort === 'Latest' ? deepTime : deep,
    });
    expect(plan).toContain(index);
    expect(plan).not.toContain('"Node Type":"Sort"');
  });

  it.each([
    ['Latest', 'images_owner_latest_idx'],
    ['Popular', 'images_owner_popular_idx'],
    ['MostViewed', 'images_owner_viewed_idx'],
  ] as const)('My Collections %s reads %s', async (sort, index) => {
    const plan = await planOf({
      scope: { kind: 'collection', ownerId: 'owner@example.test' },
      viewerId: 'owner@example.test',
      sort,
      seed: 's',
      limit: 30,
      offset: 0,
      after: sort === 'Latest' ? deepTime : deep,
    });
    expect(plan).toContain(index);
    expect(plan).not.toContain('"Node Type":"Sort"');
  });

  it('Liked Contents (Latest = newest like) reads likes_member_latest_idx', async () => {
    const plan = await planOf({
      scope: { kind: 'likes', memberId: 'fan@example.test' },
      viewerId: 'fan@example.test',
      sort: 'Latest',
      seed: 's',
      limit: 30,
      offset: 0,
      after: deepTime,
    });
    expect(plan).toContain('likes_member_latest_idx');
    expect(plan).not.toContain('"Node Type":"Sort"');
  });
});
