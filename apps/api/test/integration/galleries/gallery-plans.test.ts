// Deep gallery pages stay fast because every sort is read from an index in order, with the keyset
// position as an index condition: no sort step, no scan of the rows before the page. This EXPLAINs
// the exact SQL the gallery runs (sorting and sequential scans discouraged, so the plan shows whether
// a fitting index exists whatever the table size), for every gallery, every sort (SORTS) and every
// filter (FILTERS) of contracts. db/gallery-indexes.test.ts checks the planner's real choice at
// 50,000 images for the queries the gallery service issues.
import { FILTERS, SORTS, type Model, type Sort } from '@velvet/contracts/options';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Database } from '../../../src/db/client.ts';
import { applyMigrations } from '../../../src/db/migrate.ts';
import { Prisma } from '../../../src/generated/prisma/client.ts';
import { galleryPageSql, type GalleryQuery, type GalleryScope } from '../../../src/repositories/gallery.repository.ts';
import { createScratchDatabase, useTestCluster, type ScratchDatabase } from '../../support/database.ts';
import { intendedIndex } from '../../support/gallery-indexes.ts';

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

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

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

/** Scans reachable from a node without passing through a Limit. */
function* unlimitedScans(node: PlanNode): Generator<PlanNode> {
  for (const child of node.Plans ?? []) {
    if (child['Node Type'] === 'Limit') continue;
    if (child['Relation Name']) yield child;
    yield* unlimitedScans(child);
  }
}

function* walk(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* walk(child);
}

/** Sorts that read images or likes without a LIMIT in between (Randomize may sort its bounded laps). */
function unboundedSorts(plan: string): PlanNode[] {
  const root = (JSON.parse(plan) as Array<{ Plan: PlanNode }>)[0]!.Plan;
  return [...walk(root)].filter(
    (node) =>
      (node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort') &&
      [...unlimitedScans(node)].some((scan) => ['images', 'likes'].includes(scan['Relation Name']!)),
  );
}

const SCOPES: Array<{ name: string; scope: GalleryScope; viewerId: string | null }> = [
  { name: 'Explore', scope: { kind: 'public' }, viewerId: 'x@example.test' },
  { name: 'Explore by member', scope: { kind: 'public', ownerId: 'owner@example.test' }, viewerId: null },
  {
    name: 'My Collections',
    scope: { kind: 'collection', ownerId: 'owner@example.test' },
    viewerId: 'owner@example.test',
  },
  { name: 'Liked Contents', scope: { kind: 'likes', memberId: 'fan@example.test' }, viewerId: 'fan@example.test' },
];

const imageId = `${'m'.repeat(32)}001`;
/** A keyset position a few pages in, of the sort value's type. */
function deepPosition(scope: GalleryScope, sort: Sort): NonNullable<GalleryQuery['after']> {
  const likedAt = scope.kind === 'likes' && (sort === 'Latest' || sort === 'Oldest');
  if (sort === 'Latest' || sort === 'Oldest' || likedAt) {
    return { value: new Date('2026-01-01T00:00:00.000Z').toISOString(), imageId };
  }
  return { value: sort === 'Randomize' ? 1_000_000_000 : 3, imageId };
}

const runTypeOf = (filter: (typeof FILTERS)[number]): Model | undefined => (filter === 'ALL' ? undefined : filter);

describe('gallery query plans', () => {
  for (const { name, scope, viewerId } of SCOPES) {
    for (const sort of SORTS) {
      it(`${name} ${sort}, every filter: reads its index in order, keyset as the index condition`, async () => {
        for (const filter of FILTERS) {
          const runType = runTypeOf(filter);
          const index = intendedIndex(scope, sort, runType);
          const base: GalleryQuery = {
            scope,
            viewerId,
            sort,
            ...(runType ? { runType } : {}),
            seed: 's',
            limit: 30,
            offset: 0,
          };
          const after = deepPosition(scope, sort);
          for (const query of [base, { ...base, after }]) {
            const plan = await planOf(query);
            const what = `${name} ${sort} ${filter}${query.after ? ' keyset' : ''}: ${plan}`;
            expect(plan, what).toContain(index);
            expect(plan, what).not.toContain('Seq Scan');
            // Randomize sorts its two laps, each bounded by a LIMIT; every other sort reads in order.
            if (sort === 'Randomize') expect(unboundedSorts(plan), what).toEqual([]);
            else expect(plan, what).not.toContain('"Node Type":"Sort"');
          }
          expect(await planOf({ ...base, after }), `${name} ${sort} ${filter}`).toContain('Index Cond');
        }
      });
    }
  }

  it('Randomize of a small gallery (the md5 shuffle) reads no table sequentially', async () => {
    for (const { name, scope, viewerId } of SCOPES) {
      for (const filter of FILTERS) {
        const runType = runTypeOf(filter);
        const base: GalleryQuery = {
          scope,
          viewerId,
          sort: 'Randomize',
          ...(runType ? { runType } : {}),
          seed: 's',
          limit: 30,
          offset: 0,
          shuffle: true,
        };
        for (const query of [base, { ...base, after: { value: '8f14e45fceea167a5a36dedd4bea2543', imageId } }]) {
          expect(await planOf(query), `${name} ${filter}`).not.toContain('Seq Scan');
        }
      }
    }
  });
});
