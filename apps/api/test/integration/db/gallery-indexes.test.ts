// Every gallery query is served by its index at a size where the planner's choice is real: 50,000
// images (80% published, a year of dates, skewed likes and views, an owner with 10% of them and a
// member who likes ~10% of all images), ANALYZEd, then each query exactly as the gallery runs it
// (galleryPageSql, bound values included) is EXPLAINed with the planner's default settings, for
// every sort, with and without a model filter, on page 1 and on a keyset page. The intended index
// must be read by an Index Scan or Index Only Scan (a bitmap only for the few keys left at the end
// of a Randomize lap); no images or likes row may be read by a sequential scan, and no Sort may sit
// over more than a few rows of them without a LIMIT in between (Randomize sorts its two bounded
// laps, at most 2 x (limit + 1) rows). If a query stops using its index, this fails.
import { MODELS, SORTS, type Model, type Sort } from '@velvet/contracts/options';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Database } from '../../../src/db/client.ts';
import { applyMigrations } from '../../../src/db/migrate.ts';
import { Prisma } from '../../../src/generated/prisma/client.ts';
import {
  countKey,
  galleryPageSql,
  likedAmongSql,
  listGalleryImages,
  ringStart,
  type GalleryQuery,
  type GalleryScope,
} from '../../../src/repositories/gallery.repository.ts';
import { createScratchDatabase, useTestCluster, type ScratchDatabase } from '../../support/database.ts';

const IMAGES = 50_000;
const OWNER = 'heavy-owner@example.test';
const FAN = 'fan@example.test';

let cluster: { url: string; stop(): Promise<void> };
let scratch: ScratchDatabase;
let db: Database;

/** Fills the scratch database with set-based SQL (a few seconds), then ANALYZE. */
async function seed(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const models = `ARRAY[${MODELS.map((m) => `'${m}'`).join(', ')}]`;
    await client.query('SELECT setseed(0.42)');
    await client.query(`
      INSERT INTO members (id, updated_at)
      SELECT 'owner' || g || '@example.test', now() FROM generate_series(1, 300) g
      UNION ALL VALUES ('${OWNER}', now()), ('${FAN}', now())`);
    await client.query(`
      CREATE TEMP TABLE src AS
      SELECT g, lpad(g::text, 32, '0') AS run_id,
             CASE WHEN random() < 0.1 THEN '${OWNER}' ELSE 'owner' || (g % 300 + 1) || '@example.test' END AS owner_id,
             (${models})[floor(random() * ${MODELS.length})::int + 1] AS run_type,
             CASE WHEN g % 50 = 0 THEN 'failed' ELSE 'complete' END::generation_status AS status,
             random() < 0.8 AS is_open, g % 89 = 0 AS is_claim, g % 97 = 0 AS is_delete,
             floor(power(random(), 4) * 500)::int AS like_cnt, floor(power(random(), 3) * 5000)::int AS view_cnt,
             now() - random() * interval '365 days' AS created_at
        FROM generate_series(1, ${IMAGES}) g`);
    await client.query(`
      INSERT INTO generation_runs (run_id, member_id, prompt, run_type, run_style, run_ratio, width, height,
                                   strength, request_cnt, cost, status, created_at, updated_at)
      SELECT run_id, owner_id, 'a harbour', run_type, 'Free', 'Square', 1024, 1024, 0.5, 1, 100, status,
             created_at, created_at FROM src`);
    await client.query(`
      INSERT INTO images (image_id, run_id, owner_id, prompt, run_type, run_style, run_ratio, strength, width,
                          height, status, is_open, is_claim, is_delete, deleted_at, like_cnt, view_cnt,
                          original_key, created_at, updated_at)
      SELECT run_id || '001', run_id, owner_id, 'a harbour', run_type, 'Free', 'Square', 0.5, 1024, 1024, status,
             is_open AND NOT is_claim AND NOT is_delete, is_claim, is_delete,
             CASE WHEN is_delete THEN created_at END, like_cnt, view_cnt, 'k/' || run_id, created_at, created_at
        FROM src`);
    // The fan likes ~10% of the images (~8% of the likes); owners like more.
    await client.query(`
      INSERT INTO likes (member_id, image_id, created_at)
      SELECT '${FAN}', run_id || '001', created_at + random() * interval '1 day' FROM src WHERE random() < 0.1
      UNION ALL
      SELECT 'owner' || ((hashint4(g * 3 + k) & 255) + 1) || '@example.test', run_id || '001',
             created_at + k * interval '1 hour'
        FROM src CROSS JOIN generate_series(1, 2) k WHERE random() < 0.6
      ON CONFLICT DO NOTHING`);
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  cluster = await useTestCluster();
  scratch = await createScratchDatabase(cluster.url, 'gallery_indexes');
  await applyMigrations(scratch.url);
  await seed(scratch.url);
  db = createPrismaClient(scratch.url, { maxConnections: 2 });
}, 120_000);

afterAll(async () => {
  await db?.$disconnect();
  await scratch?.drop();
  await cluster?.stop();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

async function planOf(sql: Prisma.Sql): Promise<PlanNode> {
  const rows = await db.$queryRaw<Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>>(
    Prisma.sql`EXPLAIN (FORMAT JSON) ${sql}`,
  );
  return rows[0]!['QUERY PLAN'][0]!.Plan;
}

function* walk(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* walk(child);
}

/** Scans reachable from a node without passing through a Limit. */
function* unlimitedScans(node: PlanNode): Generator<PlanNode> {
  for (const child of node.Plans ?? []) {
    if (child['Node Type'] === 'Limit') continue;
    if (child['Relation Name']) yield child;
    yield* unlimitedScans(child);
  }
}

const GALLERY_TABLES = new Set(['images', 'likes']);
/**
 * Rows the planner may fetch by bitmap and sort: the tail of a Randomize lap (a keyset position near
 * its end leaves a handful of keys, which a bitmap then a sort of those few reads best).
 */
const FEW_ROWS = 200;
const rowsOf = (node: PlanNode) => (node as { 'Plan Rows'?: number })['Plan Rows'] ?? Number.POSITIVE_INFINITY;

/**
 * The plan reads `index` in order (or a few rows of it by bitmap) and nothing of images/likes the
 * slow way: no sequential scan, no bitmap over many rows, no sort over many rows.
 */
function expectServedBy(plan: PlanNode, index: string, what: string) {
  const nodes = [...walk(plan)];
  const shown = `${what}: ${JSON.stringify(plan)}`;
  const readers = nodes.filter((n) => n['Index Name'] === index);
  expect(readers.length, `${what}: no scan of ${index} in ${JSON.stringify(plan)}`).toBeGreaterThan(0);
  for (const reader of readers) {
    if (reader['Node Type'] === 'Bitmap Index Scan') expect(rowsOf(reader), shown).toBeLessThanOrEqual(FEW_ROWS);
    else expect(['Index Scan', 'Index Only Scan'], shown).toContain(reader['Node Type']);
  }
  for (const node of nodes) {
    if (GALLERY_TABLES.has(node['Relation Name'] ?? '')) {
      expect(node['Node Type'], shown).not.toBe('Seq Scan');
      if (node['Node Type'] === 'Bitmap Heap Scan') expect(rowsOf(node), shown).toBeLessThanOrEqual(FEW_ROWS);
    }
    if (node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort') {
      const sorted = [...unlimitedScans(node)].filter(
        (n) => GALLERY_TABLES.has(n['Relation Name'] ?? '') && rowsOf(n) > FEW_ROWS,
      );
      expect(sorted, `${what}: a Sort over the whole gallery in ${JSON.stringify(plan)}`).toEqual([]);
    }
  }
}

const INDEX_OF_SORT: Record<Sort, string> = {
  Latest: 'latest',
  Oldest: 'latest',
  Popular: 'popular',
  MostViewed: 'viewed',
  Randomize: 'random',
};

const SCOPES: Array<{ name: string; scope: GalleryScope; viewerId: string | null; index: (s: Sort) => string }> = [
  { name: 'Explore', scope: { kind: 'public' }, viewerId: null, index: (s) => `explore_${INDEX_OF_SORT[s]}` },
  {
    name: 'Explore by member',
    scope: { kind: 'public', ownerId: OWNER },
    viewerId: FAN,
    index: (s) => `owner_${INDEX_OF_SORT[s]}`,
  },
  {
    name: 'My Collections',
    scope: { kind: 'collection', ownerId: OWNER },
    viewerId: OWNER,
    index: (s) => `owner_${INDEX_OF_SORT[s]}`,
  },
  {
    name: 'Liked Contents',
    scope: { kind: 'likes', memberId: FAN },
    viewerId: FAN,
    index: (s) => (s === 'Latest' || s === 'Oldest' ? 'likes_member_latest' : `explore_${INDEX_OF_SORT[s]}`),
  },
];

/** images_<kind>_idx, or images_<kind-with-type>_idx when filtered by model; likes' index as is. */
function indexName(kind: string, runType: Model | undefined): string {
  if (kind.startsWith('likes_')) return `${kind}_idx`;
  const [family, ...sort] = kind.split('_');
  return `images_${family}_${runType ? 'type_' : ''}${sort.join('_')}_idx`;
}

describe('gallery queries use their indexes at 50,000 images', () => {
  for (const { name, scope, viewerId, index } of SCOPES) {
    for (const sort of SORTS) {
      it(`${name}, ${sort}: all models and one model, page 1 and a keyset page`, async () => {
        for (const runType of [undefined, 'Realistic' as Model]) {
          const base: GalleryQuery = {
            scope,
            viewerId,
            sort,
            ...(runType ? { runType } : {}),
            seed: 'plan',
            limit: 30,
            offset: 0,
          };
          // A real position a few pages in, as a cursor would carry it.
          const deep = await listGalleryImages(db, { ...base, limit: 100, offset: 100 });
          const last = deep.rows.at(-1)!;
          expect(last, `${name} ${sort} has rows`).toBeDefined();
          const value = last.sort_value instanceof Date ? last.sort_value.toISOString() : last.sort_value;
          const expected = indexName(index(sort), runType);
          const what = `${name} ${sort} ${runType ?? 'all'}`;
          expectServedBy(await planOf(galleryPageSql(base)), expected, `${what} page 1`);
          const after = { value: value as string | number, imageId: last.image_id };
          expectServedBy(await planOf(galleryPageSql({ ...base, after })), expected, `${what} keyset`);
        }
      });
    }
  }

  it('Randomize walks the ring once from the seed: page and cursor agree, no repeats, none missed', async () => {
    // owner2's collection (about 150 images) in ring mode, as a large gallery is walked.
    const base: GalleryQuery = {
      scope: { kind: 'collection', ownerId: 'owner2@example.test' },
      viewerId: null,
      sort: 'Randomize',
      seed: 'ring',
      limit: 25,
      offset: 0,
    };
    const { scope, subject, runType } = countKey(base);
    const [total] = await db.$queryRaw<Array<{ n: number }>>(
      Prisma.sql`SELECT n FROM gallery_counts WHERE scope = ${scope} AND subject = ${subject} AND run_type = ${runType}`,
    );
    const byCursor: Array<{ id: string; key: number }> = [];
    let after: GalleryQuery['after'];
    for (;;) {
      const page = await listGalleryImages(db, { ...base, ...(after ? { after } : {}) });
      byCursor.push(...page.rows.map((r) => ({ id: r.image_id, key: Number(r.sort_value) })));
      if (!page.hasMore) break;
      const last = page.rows.at(-1)!;
      after = { value: Number(last.sort_value), imageId: last.image_id };
    }
    const byPage: string[] = [];
    for (let offset = 0; offset < byCursor.length + 25; offset += 25) {
      byPage.push(...(await listGalleryImages(db, { ...base, offset })).rows.map((r) => r.image_id));
    }
    expect(byCursor.length).toBe(total!.n);
    expect(new Set(byCursor.map((r) => r.id)).size).toBe(byCursor.length);
    expect(byPage).toEqual(byCursor.map((r) => r.id));
    // Keys from the seed's start point upwards, then the keys below it, each lap ascending.
    const start = ringStart('ring');
    const lap = (key: number) => (key >= start ? 0 : 1);
    const ranks = byCursor.map((r) => [lap(r.key), r.key] as const);
    const sorted = [...ranks].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(ranks).toEqual(sorted);
    expect(await listGalleryImages(db, base)).toEqual(await listGalleryImages(db, base));
  });

  it("is_liked is one probe of the likes primary key for the page's ids", async () => {
    const page = await listGalleryImages(db, {
      scope: { kind: 'public' },
      viewerId: FAN,
      sort: 'Latest',
      seed: 'x',
      limit: 30,
      offset: 0,
    });
    const plan = await planOf(
      likedAmongSql(
        FAN,
        page.rows.map((r) => r.image_id),
      ),
    );
    expectServedBy(plan, 'likes_pkey', 'is_liked');
  });

  it('total_count is a primary-key read of gallery_counts, equal to the exact count', async () => {
    for (const scope of SCOPES.map((s) => s.scope)) {
      for (const runType of [undefined, 'Realistic' as Model]) {
        const { scope: kind, subject, runType: type } = countKey({ scope, ...(runType ? { runType } : {}) });
        const plan = await planOf(
          Prisma.sql`SELECT n FROM gallery_counts WHERE scope = ${kind} AND subject = ${subject} AND run_type = ${type}`,
        );
        expect(plan['Node Type']).toMatch(/Index/);
        const query: GalleryQuery = {
          scope,
          viewerId: null,
          sort: 'Latest',
          ...(runType ? { runType } : {}),
          seed: 'x',
          limit: IMAGES,
          offset: 0,
        };
        const [all] = await db.$queryRaw<Array<{ n: number }>>(
          Prisma.sql`SELECT count(*)::int AS n FROM (${galleryPageSql(query)}) page`,
        );
        const [counted] = await db.$queryRaw<Array<{ n: number }>>(
          Prisma.sql`SELECT n FROM gallery_counts WHERE scope = ${kind} AND subject = ${subject} AND run_type = ${type}`,
        );
        expect(counted?.n ?? 0, `${kind} ${subject} ${type}`).toBe(all!.n);
        expect(all!.n).toBeGreaterThan(100);
      }
    }
  });
});
