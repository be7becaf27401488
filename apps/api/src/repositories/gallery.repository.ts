import { createHash } from 'node:crypto';
import type { Model, Sort } from '@velvet/contracts/options';
import { readRows, type Database } from '../db/client.ts';
import { Prisma } from '../generated/prisma/client.ts';

// The three galleries in one query builder. Every sort of every gallery reads a partial index in
// order (prisma/schema.prisma), with image_id as the unique tiebreaker, and deep pages use keyset
// conditions written as row comparisons, which PostgreSQL answers from those indexes:
// - Explore: the images_explore_* indexes (partial on published, not claimed, not deleted);
// - My Collections and Explore by member: images_owner_* (partial on complete, not deleted);
// - Liked Contents, Latest/Oldest: likes_member_latest_idx (when the member liked), joined to the
//   image by primary key; other sorts: the Explore index in order, each row probed in likes by
//   primary key (or, for a member with few likes, the planner sorts those few).
// Randomize walks images.random_key (a random integer the database draws on insert) as a ring: the
// seed's hash picks a start point, pages read keys from there upwards, then wrap around to the keys
// below it once. Stable for one seed, no repeats, and as fast as the other sorts. Two seeds give two
// rotations of the same ring, which a large gallery never shows; a small one (RANDOMIZE_SHUFFLE_MAX
// images or fewer) is shuffled instead by md5(seed || image_id): its own order for every seed, at the
// cost of sorting those few rows.
// total_count is not counted per page: gallery_counts holds it, kept exact by triggers (the
// gallery_counts_random_key migration), and a page reads one row of it by primary key.

export type GalleryScope =
  { kind: 'public'; ownerId?: string } | { kind: 'collection'; ownerId: string } | { kind: 'likes'; memberId: string };

export interface GalleryQuery {
  scope: GalleryScope;
  viewerId: string | null;
  sort: Sort;
  runType?: Model;
  seed: string;
  /** Rows in a page; one more is read to know whether another page follows. */
  limit: number;
  /** Keyset position: the last row's sort value and image id. */
  after?: { value: string | number; imageId: string };
  /** Used only when there is no keyset position. */
  offset: number;
  /** Randomize by md5(seed || image_id) instead of the ring (galleries of RANDOMIZE_SHUFFLE_MAX or fewer). */
  shuffle?: boolean;
}

export interface GalleryRow {
  image_id: string;
  prompt: string;
  run_type: string;
  run_style: string;
  run_ratio: string;
  strength: Prisma.Decimal | string | number;
  status: string;
  is_open: boolean;
  is_claim: boolean;
  is_delete: boolean;
  like_cnt: number;
  view_cnt: number;
  created_at: Date;
  original_key: string | null;
  is_liked: boolean;
  /** The sort value of this row, for the next cursor. */
  sort_value: Date | number | string;
}

export interface GalleryPage {
  rows: GalleryRow[];
  /** Whether a row follows the page (the page query reads limit + 1 rows). */
  hasMore: boolean;
}

/** Galleries up to this size Randomize by shuffling (a sort of at most this many rows). */
export const RANDOMIZE_SHUFFLE_MAX = 2_000;

/** random_key is drawn from [0, RANDOM_KEY_SPAN) (the column's default). */
export const RANDOM_KEY_SPAN = 2_147_483_647;

/** Where a Randomize seed starts on the random_key ring. */
export function ringStart(seed: string): number {
  return createHash('sha256').update(seed).digest().readUInt32BE(0) % RANDOM_KEY_SPAN;
}

const PUBLIC = Prisma.sql`i.is_open AND NOT i.is_claim AND NOT i.is_delete`;

function scopeSql(scope: GalleryScope) {
  switch (scope.kind) {
    case 'public':
      return scope.ownerId ? Prisma.sql`${PUBLIC} AND i.owner_id = ${scope.ownerId}` : PUBLIC;
    case 'collection':
      return Prisma.sql`i.owner_id = ${scope.ownerId} AND NOT i.is_delete`;
    case 'likes':
      return PUBLIC;
  }
}

interface SortKey {
  expr: Prisma.Sql;
  /** The unique tiebreaker (the image id, from likes when the page is driven by likes). */
  tie: Prisma.Sql;
  desc: boolean;
  kind: 'time' | 'int' | 'text';
}

/** The sort key expression and its direction. Likes sort Latest/Oldest by when the member liked. */
function sortKey(query: GalleryQuery): SortKey {
  const likedAt = query.scope.kind === 'likes';
  const image = Prisma.sql`i.image_id`;
  switch (query.sort) {
    case 'Latest':
    case 'Oldest':
      return {
        expr: likedAt ? Prisma.sql`l.created_at` : Prisma.sql`i.created_at`,
        tie: likedAt ? Prisma.sql`l.image_id` : image,
        desc: query.sort === 'Latest',
        kind: 'time',
      };
    case 'Popular':
      return { expr: Prisma.sql`i.like_cnt`, tie: image, desc: true, kind: 'int' };
    case 'MostViewed':
      return { expr: Prisma.sql`i.view_cnt`, tie: image, desc: true, kind: 'int' };
    case 'Randomize':
      return query.shuffle
        ? { expr: Prisma.sql`md5(${query.seed} || i.image_id)`, tie: image, desc: false, kind: 'text' }
        : { expr: Prisma.sql`i.random_key`, tie: image, desc: false, kind: 'int' };
  }
}

/** Liked Contents sorted by when the member liked is driven by the likes index; other sorts by images. */
const likesDriven = (query: GalleryQuery) =>
  query.scope.kind === 'likes' && (query.sort === 'Latest' || query.sort === 'Oldest');

function baseConditions(query: GalleryQuery) {
  const conditions = [Prisma.sql`i.status = 'complete'`, scopeSql(query.scope)];
  if (query.runType) conditions.push(Prisma.sql`i.run_type = ${query.runType}`);
  if (query.scope.kind === 'likes') {
    conditions.push(
      likesDriven(query)
        ? Prisma.sql`l.member_id = ${query.scope.memberId}`
        : Prisma.sql`EXISTS (SELECT 1 FROM likes l WHERE l.member_id = ${query.scope.memberId} AND l.image_id = i.image_id)`,
    );
  }
  return conditions;
}

const fromSql = (query: GalleryQuery) =>
  likesDriven(query) ? Prisma.sql`FROM likes l JOIN images i ON i.image_id = l.image_id` : Prisma.sql`FROM images i`;

const COLUMNS = Prisma.sql`i.image_id, i.prompt, i.run_type, i.run_style, i.run_ratio, i.strength, i.status,
           i.is_open, i.is_claim, i.is_delete, i.like_cnt, i.view_cnt, i.created_at, i.original_key`;

function keysetValue(key: SortKey, value: string | number): Prisma.Sql {
  if (key.kind === 'time') return Prisma.sql`${new Date(value as string)}::timestamptz`;
  return key.kind === 'int' ? Prisma.sql`${Number(value)}::int` : Prisma.sql`${String(value)}::text`;
}

/**
 * One page (limit + 1 rows) with is_liked for the viewer: the page's ids are probed in likes by
 * primary key in a second query (a subquery per row let the planner hash all of the viewer's likes).
 */
export async function listGalleryImages(db: Database, query: GalleryQuery): Promise<GalleryPage> {
  const found = await readRows<Omit<GalleryRow, 'is_liked'>>(db, galleryPageSql(query));
  const hasMore = found.length > query.limit;
  const page = hasMore ? found.slice(0, query.limit) : found;
  let liked = new Set<string>();
  if (query.scope.kind === 'likes') liked = new Set(page.map((row) => row.image_id));
  else if (query.viewerId !== null && page.length > 0) liked = await likedAmong(db, query.viewerId, page);
  return { rows: page.map((row) => ({ ...row, is_liked: liked.has(row.image_id) })), hasMore };
}

async function likedAmong(db: Database, memberId: string, rows: Array<{ image_id: string }>): Promise<Set<string>> {
  const ids = rows.map((row) => row.image_id);
  const likes = await readRows<{ image_id: string }>(db, likedAmongSql(memberId, ids));
  return new Set(likes.map((like) => like.image_id));
}

/** Which of these images the member likes: one probe of the likes primary key (exported for EXPLAIN). */
export function likedAmongSql(memberId: string, imageIds: string[]): Prisma.Sql {
  return Prisma.sql`SELECT image_id FROM likes WHERE member_id = ${memberId} AND image_id = ANY(${imageIds}::varchar[])`;
}

/** The page query itself, limit + 1 rows (exported so a test can EXPLAIN exactly what runs). */
export function galleryPageSql(query: GalleryQuery): Prisma.Sql {
  if (query.sort === 'Randomize' && !query.shuffle) return ringPageSql(query);
  const key = sortKey(query);
  const conditions = baseConditions(query);
  if (query.after) {
    const value = keysetValue(key, query.after.value);
    conditions.push(
      key.desc
        ? Prisma.sql`(${key.expr}, ${key.tie}) < (${value}, ${query.after.imageId}::varchar)`
        : Prisma.sql`(${key.expr}, ${key.tie}) > (${value}, ${query.after.imageId}::varchar)`,
    );
  }
  const direction = key.desc ? Prisma.sql`DESC` : Prisma.sql`ASC`;
  return Prisma.sql`
    SELECT ${COLUMNS}, ${key.expr} AS sort_value
      ${fromSql(query)}
     WHERE ${Prisma.join(conditions, ' AND ')}
     ORDER BY ${key.expr} ${direction}, ${key.tie} ${direction}
     LIMIT ${query.limit + 1}
    ${query.after ? Prisma.empty : Prisma.sql`OFFSET ${query.offset}`}`;
}

/**
 * Randomize: the ring from the seed's start point. Lap 0 reads keys >= start, lap 1 keys < start,
 * each in index order and bounded by a LIMIT, so the final ordering sorts at most 2 x (offset +
 * limit + 1) rows. A keyset position names its lap by its key (>= start is lap 0).
 */
function ringPageSql(query: GalleryQuery): Prisma.Sql {
  const start = ringStart(query.seed);
  const wanted = query.limit + 1;
  const reach = query.after ? wanted : query.offset + wanted;
  const afterKey = query.after ? Number(query.after.value) : null;
  const branch = (lap: 0 | 1) => {
    const conditions = [
      ...baseConditions(query),
      lap === 0 ? Prisma.sql`i.random_key >= ${start}::int` : Prisma.sql`i.random_key < ${start}::int`,
    ];
    if (query.after && afterKey! >= start === (lap === 0)) {
      conditions.push(Prisma.sql`(i.random_key, i.image_id) > (${afterKey}::int, ${query.after.imageId}::varchar)`);
    }
    return Prisma.sql`(SELECT ${COLUMNS}, i.random_key AS sort_value, ${lap}::int AS lap
      FROM images i
     WHERE ${Prisma.join(conditions, ' AND ')}
     ORDER BY i.random_key, i.image_id
     LIMIT ${reach})`;
  };
  // A position in lap 1 has nothing left in lap 0.
  const laps = afterKey !== null && afterKey < start ? [branch(1)] : [branch(0), branch(1)];
  return Prisma.sql`
    SELECT image_id, prompt, run_type, run_style, run_ratio, strength, status, is_open, is_claim, is_delete,
           like_cnt, view_cnt, created_at, original_key, sort_value
      FROM (${Prisma.join(laps, ' UNION ALL ')}) ring
     ORDER BY lap, sort_value, image_id
     LIMIT ${wanted}
    ${query.after ? Prisma.empty : Prisma.sql`OFFSET ${query.offset}`}`;
}

/** The gallery_counts row a query's total_count is read from. */
export function countKey(query: Pick<GalleryQuery, 'scope' | 'runType'>) {
  const scope = query.scope;
  return {
    scope: scope.kind,
    subject: scope.kind === 'likes' ? scope.memberId : (scope.ownerId ?? ''),
    runType: query.runType ?? '',
  };
}

/**
 * How many images the gallery holds: one primary-key read of gallery_counts, which triggers keep
 * exact (an exact count(*) per page read up to the whole table at 1,000,000 images).
 */
export async function countGalleryImages(db: Database, query: GalleryQuery): Promise<number> {
  const rows = await readRows<{ n: number }>(db, galleryCountSql(query));
  return rows[0]?.n ?? 0;
}

/** The count query itself (exported so a test can EXPLAIN exactly what runs). */
export function galleryCountSql(query: Pick<GalleryQuery, 'scope' | 'runType'>): Prisma.Sql {
  const { scope, subject, runType } = countKey(query);
  return Prisma.sql`SELECT n FROM gallery_counts WHERE scope = ${scope} AND subject = ${subject} AND run_type = ${runType}`;
}
