// The gallery's sorts are served by indexes, in the form Prisma sends them: the exact SQL and bound
// values the client produced are captured and EXPLAINed the same way (unnamed statement, so the
// partial indexes' condition is proven against the bound values). Sorting and sequential scans are
// discouraged so the plan shows whether a fitting index exists, whatever the table size.
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../../src/db/migrate.ts';
import { PrismaClient, type Prisma } from '../../../src/generated/prisma/client.ts';
import { createScratchDatabase, useTestCluster, type ScratchDatabase } from '../../support/database.ts';

let cluster: { url: string; stop(): Promise<void> };
let scratch: ScratchDatabase;
let pool: pg.Pool;
let db: PrismaClient;
let explain: pg.Client;
let captured: Array<{ text: string; values: unknown[] }> = [];

beforeAll(async () => {
  cluster = await useTestCluster();
  scratch = await createScratchDatabase(cluster.url, 'gallery_indexes');
  await applyMigrations(scratch.url);
  pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
  const query = pool.query.bind(pool) as (config: { text: string; values?: unknown[] }) => Promise<unknown>;
  (pool as unknown as { query: typeof query }).query = (config) => {
    if (typeof config === 'object' && /FROM "public"\."(images|likes)"/.test(config.text)) {
      captured.push({ text: config.text, values: config.values ?? [] });
    }
    return query(config);
  };
  db = new PrismaClient({ adapter: new PrismaPg(pool) });
  explain = new pg.Client({ connectionString: scratch.url });
  await explain.connect();
  await explain.query('SET enable_seqscan = off; SET enable_bitmapscan = off; SET enable_sort = off');
});

afterAll(async () => {
  await explain?.end();
  await db?.$disconnect();
  await pool?.end();
  await scratch?.drop();
  await cluster?.stop();
});

async function planOf(run: () => Promise<unknown>): Promise<string> {
  captured = [];
  await run();
  expect(captured).toHaveLength(1);
  const { text, values } = captured[0]!;
  const result = await explain.query<{ 'QUERY PLAN': unknown }>({ text: `EXPLAIN (FORMAT JSON) ${text}`, values });
  return JSON.stringify(result.rows[0]!['QUERY PLAN']);
}

const explore = { isOpen: true, isClaim: false, isDelete: false, status: 'complete' } as const;
const SORTS: Record<string, { key: 'createdAt' | 'likeCnt' | 'viewCnt'; dir: Prisma.SortOrder; index: string }> = {
  Latest: { key: 'createdAt', dir: 'desc', index: 'latest' },
  Oldest: { key: 'createdAt', dir: 'asc', index: 'latest' },
  Popular: { key: 'likeCnt', dir: 'desc', index: 'popular' },
  MostViewed: { key: 'viewCnt', dir: 'desc', index: 'viewed' },
};

describe('gallery queries use their indexes', () => {
  for (const [sort, { key, dir, index }] of Object.entries(SORTS)) {
    const orderBy = [{ [key]: dir }, { imageId: dir }] as Prisma.ImageOrderByWithRelationInput[];

    it(`Explore ${sort}, all models and one model`, async () => {
      const all = await planOf(() => db.image.findMany({ where: explore, orderBy, skip: 30, take: 30 }));
      expect(all).toContain(`"Index Name":"images_explore_${index}_idx"`);
      expect(all).not.toContain('"Node Type":"Sort"');
      const one = await planOf(() =>
        db.image.findMany({ where: { ...explore, runType: 'Manga' }, orderBy, skip: 30, take: 30 }),
      );
      expect(one).toContain(`"Index Name":"images_explore_type_${index}_idx"`);
      expect(one).not.toContain('"Node Type":"Sort"');
    });

    it(`My Collections ${sort}, all models and one model`, async () => {
      const ownerId = 'demo@velvet.local';
      const all = await planOf(() =>
        db.image.findMany({ where: { ownerId, isDelete: false }, orderBy, skip: 30, take: 30 }),
      );
      expect(all).toContain(`"Index Name":"images_owner_${index}_idx"`);
      expect(all).not.toContain('"Node Type":"Sort"');
      const one = await planOf(() =>
        db.image.findMany({ where: { ownerId, isDelete: false, runType: 'Manga' }, orderBy, take: 30 }),
      );
      expect(one).toContain(`"Index Name":"images_owner_type_${index}_idx"`);
      expect(one).not.toContain('"Node Type":"Sort"');
    });
  }

  it('Explore indexes apply only to the full Explore condition (published, not claimed, not deleted)', async () => {
    const orderBy = [{ createdAt: 'desc' }, { imageId: 'desc' }] as const;
    const plan = await planOf(() =>
      db.image.findMany({ where: { isOpen: true, isDelete: false }, orderBy: [...orderBy], take: 30 }),
    );
    expect(plan).not.toContain('images_explore_');
  });

  it('Liked Contents, newest like first', async () => {
    const plan = await planOf(() =>
      db.like.findMany({
        where: { memberId: 'demo@velvet.local' },
        orderBy: [{ createdAt: 'desc' }, { imageId: 'desc' }],
        take: 30,
      }),
    );
    expect(plan).toContain('"Index Name":"likes_member_latest_idx"');
    expect(plan).not.toContain('"Node Type":"Sort"');
  });
});
