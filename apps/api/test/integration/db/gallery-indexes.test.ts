// Every query the gallery runs is served by its index at a size where the planner's choice is real:
// 50,000 images (80% published, a year of dates, skewed likes and views, an owner with 10% of them and
// a member who likes ~10% of all images), ANALYZEd. The gallery service itself (listGallery) answers
// every gallery, sort (SORTS) and filter (FILTERS) of contracts on page 1 and on a cursor page, and
// every statement it sent is EXPLAINed with the planner's default settings: the page, the is_liked
// probe and the total_count read, with the service's own choices (a small gallery's Randomize is the
// md5 shuffle, a large one's the ring). The intended index must be read by an Index Scan or Index Only
// Scan (a bitmap only for the few keys left at the end of a Randomize lap); no images or likes row may
// be read by a sequential scan, and no Sort may sit over more than a few rows of them without a LIMIT
// in between (Randomize sorts its two bounded laps, at most 2 x (limit + 1) rows; the shuffle sorts a
// gallery of at most RANDOMIZE_SHUFFLE_MAX images). If a query stops using its index, this fails.
// galleries/gallery-plans.test.ts checks, on an empty database, that every query shape has its index.
import { ZListImagesRequest, type TListImagesRequest } from '@velvet/contracts/galleries/list-images';
import { FILTERS, MODELS, SORTS, type GalleryType, type Model } from '@velvet/contracts/options';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Database } from '../../../src/db/client.ts';
import { applyMigrations } from '../../../src/db/migrate.ts';
import { Prisma } from '../../../src/generated/prisma/client.ts';
import {
  galleryCountSql,
  galleryPageSql,
  likedAmongSql,
  listGalleryImages,
  RANDOMIZE_SHUFFLE_MAX,
  ringStart,
  type GalleryQuery,
  type GalleryScope,
} from '../../../src/repositories/gallery.repository.ts';
import { listGallery } from '../../../src/services/galleries/list-gallery.ts';
import { createScratchDatabase, useTestCluster, type ScratchDatabase } from '../../support/database.ts';
import { intendedIndex } from '../../support/gallery-indexes.ts';

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

/**
 * A Randomize page of a small gallery: the md5 shuffle sorts the gallery, at most
 * RANDOMIZE_SHUFFLE_MAX rows, and reads nothing of images/likes sequentially. One member's images are
 * read by index within that bound too. Liked Contents is not: it joins the member's likes with the
 * published images (of the model), both read by bitmap, so it reads as many rows as those two sets
 * hold, however few the gallery shows.
 */
function expectShuffleBounded(plan: PlanNode, what: string, scope: GalleryScope) {
  const shown = `${what}: ${JSON.stringify(plan)}`;
  for (const node of walk(plan)) {
    if (GALLERY_TABLES.has(node['Relation Name'] ?? '')) {
      expect(node['Node Type'], shown).not.toBe('Seq Scan');
      if (scope.kind !== 'likes') expect(rowsOf(node), shown).toBeLessThanOrEqual(RANDOMIZE_SHUFFLE_MAX);
    }
    if (node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort') {
      expect(
        rowsOf(node),
        `${what}: a Sort over more than a small gallery in ${JSON.stringify(plan)}`,
      ).toBeLessThanOrEqual(RANDOMIZE_SHUFFLE_MAX);
    }
  }
}

/**
 * is_liked for a page: one index read of the viewer's likes for the page's ids. Both likes indexes
 * lead with member_id; the planner takes likes_member_latest_idx for a viewer with no likes at all
 * (the owner here), likes_pkey otherwise (the last test).
 */
function expectLikesProbe(plan: PlanNode, what: string) {
  const index = [...walk(plan)].find((node) => node['Relation Name'] === 'likes')?.['Index Name'] ?? 'likes_pkey';
  expect(['likes_pkey', 'likes_member_latest_idx'], `${what}: ${JSON.stringify(plan)}`).toContain(index);
  expectServedBy(plan, index, what);
}

/** The galleries as members open them (gallery type, viewer, request), and the scope each reads. */
const GALLERIES: Array<{
  name: string;
  gallery: GalleryType;
  viewerId: string | null;
  request: Partial<TListImagesRequest>;
  scope: GalleryScope;
}> = [
  { name: 'Explore', gallery: 'public_gallery', viewerId: null, request: {}, scope: { kind: 'public' } },
  {
    name: 'Explore by member',
    gallery: 'public_gallery',
    viewerId: FAN,
    request: { member_id: OWNER },
    scope: { kind: 'public', ownerId: OWNER },
  },
  {
    name: 'My Collections',
    gallery: 'collection_gallery',
    viewerId: OWNER,
    request: {},
    scope: { kind: 'collection', ownerId: OWNER },
  },
  {
    name: 'Liked Contents',
    gallery: 'likes_gallery',
    viewerId: FAN,
    request: {},
    scope: { kind: 'likes', memberId: FAN },
  },
];

const runTypeOf = (filter: (typeof FILTERS)[number]): Model | undefined => (filter === 'ALL' ? undefined : filter);

/**
 * One gallery page as the service answers it, with every statement it sent: listGallery runs against
 * a client that hands each statement to the database and keeps it (readRows takes $queryRaw for a
 * client it did not make).
 */
async function galleryRequest(gallery: GalleryType, viewerId: string | null, request: TListImagesRequest) {
  const sent: Prisma.Sql[] = [];
  const recorder = {
    $queryRaw: (sql: Prisma.Sql) => {
      sent.push(sql);
      return db.$queryRaw(sql);
    },
  } as unknown as Database;
  const body = await listGallery(recorder, gallery, viewerId, ZListImagesRequest.parse(request));
  // Told apart by their text, which the repository's builders fix whatever the values.
  const probeText = likedAmongSql('', []).text;
  const countText = galleryCountSql({ scope: { kind: 'public' } }).text;
  const pages = sent.filter((sql) => sql.text !== probeText && sql.text !== countText);
  expect(pages.length, `one page query in ${sent.map((q) => q.text).join('\n')}`).toBe(1);
  return {
    body,
    page: pages[0]!,
    probe: sent.find((sql) => sql.text === probeText),
    count: sent.find((sql) => sql.text === countText),
  };
}

describe('gallery queries use their indexes at 50,000 images', () => {
  for (const { name, gallery, viewerId, request, scope } of GALLERIES) {
    for (const sort of SORTS) {
      it(`${name}, ${sort}: every filter, page 1 and a cursor page, each statement the gallery sends`, async () => {
        for (const filter of FILTERS) {
          const runType = runTypeOf(filter);
          const what = `${name} ${sort} ${filter}`;
          const asked: TListImagesRequest = { ...request, sort_by: sort, run_type: filter, seed: 'plan' };
          const first = await galleryRequest(gallery, viewerId, asked);
          expect(first.body.list.length, `${what} has rows`).toBe(30);
          // The service's own choice: a small gallery's Randomize shuffles, a large one walks the ring.
          const shuffled = sort === 'Randomize' && first.body.total_count <= RANDOMIZE_SHUFFLE_MAX;
          // A real position a few pages in, as the web's cursor carries it (guests stop at page 3).
          const second = await galleryRequest(gallery, viewerId, { ...asked, cursor: first.body.next_cursor! });
          const third = await galleryRequest(gallery, viewerId, { ...asked, cursor: second.body.next_cursor! });
          for (const [step, sent] of [
            ['page 1', first],
            ['cursor page', third],
          ] as const) {
            const plan = await planOf(sent.page);
            if (shuffled) expectShuffleBounded(plan, `${what} shuffle ${step}`, scope);
            else expectServedBy(plan, intendedIndex(scope, sort, runType), `${what} ${step}`);
            if (sent.probe) expectLikesProbe(await planOf(sent.probe), `${what} ${step} is_liked`);
            // Liked Contents is liked by definition; Explore for a guest has no one to ask about.
            expect(Boolean(sent.probe), `${what} ${step} probes likes`).toBe(
              viewerId !== null && gallery !== 'likes_gallery',
            );
            if (sent.count) expect((await planOf(sent.count))['Node Type'], `${what} ${step} count`).toMatch(/Index/);
          }
          expect(first.count, `${what} reads total_count`).toBeDefined();
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
    const [total] = await db.$queryRaw<Array<{ n: number }>>(galleryCountSql(base));
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
    const sent = await galleryRequest('public_gallery', FAN, { sort_by: 'Latest', seed: 'x' });
    expect(sent.probe, 'Explore for a member asks which images they like').toBeDefined();
    expectServedBy(await planOf(sent.probe!), 'likes_pkey', 'is_liked');
  });

  it('total_count is a primary-key read of gallery_counts, equal to the exact count', async () => {
    for (const { name, gallery, viewerId, request, scope } of GALLERIES) {
      for (const filter of FILTERS) {
        const runType = runTypeOf(filter);
        const sent = await galleryRequest(gallery, viewerId, { ...request, sort_by: 'Latest', run_type: filter });
        expect((await planOf(sent.count!))['Node Type'], `${name} ${filter}`).toMatch(/Index/);
        const everything: GalleryQuery = {
          scope,
          viewerId: null,
          sort: 'Latest',
          ...(runType ? { runType } : {}),
          seed: 'x',
          limit: IMAGES,
          offset: 0,
        };
        const [all] = await db.$queryRaw<Array<{ n: number }>>(
          Prisma.sql`SELECT count(*)::int AS n FROM (${galleryPageSql(everything)}) page`,
        );
        expect(sent.body.total_count, `${name} ${filter}`).toBe(all!.n);
        expect(all!.n).toBeGreaterThan(100);
      }
    }
  });
});
