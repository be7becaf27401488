import type { Model, Sort } from '@velvet/contracts/options';
import type { Database } from '../db/client.ts';
import { Prisma } from '../generated/prisma/client.ts';

// The three galleries in one query builder. Every sort has a supporting index with image_id as the
// unique tiebreaker (prisma/schema.prisma), and deep pages use keyset conditions written as row
// comparisons, which PostgreSQL answers from those indexes. Randomize orders by md5(seed || id):
// stable for one seed across pages, different for each browsing session.

export type GalleryScope =
  { kind: 'public'; ownerId?: string } | { kind: 'collection'; ownerId: string } | { kind: 'likes'; memberId: string };

export interface GalleryQuery {
  scope: GalleryScope;
  viewerId: string | null;
  sort: Sort;
  runType?: Model;
  seed: string;
  limit: number;
  /** Keyset position: the last row's sort value and image id. */
  after?: { value: string | number; imageId: string };
  /** Used only when there is no keyset position. */
  offset: number;
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

/** The sort key expression and its direction. Likes sort Latest/Oldest by when the member liked. */
function sortKey(query: GalleryQuery): { expr: Prisma.Sql; desc: boolean; kind: 'time' | 'int' | 'text' } {
  const likedAt = query.scope.kind === 'likes';
  switch (query.sort) {
    case 'Latest':
      return { expr: likedAt ? Prisma.sql`l.created_at` : Prisma.sql`i.created_at`, desc: true, kind: 'time' };
    case 'Oldest':
      return { expr: likedAt ? Prisma.sql`l.created_at` : Prisma.sql`i.created_at`, desc: false, kind: 'time' };
    case 'Popular':
      return { expr: Prisma.sql`i.like_cnt`, desc: true, kind: 'int' };
    case 'MostViewed':
      return { expr: Prisma.sql`i.view_cnt`, desc: true, kind: 'int' };
    case 'Randomize':
      return { expr: Prisma.sql`md5(${query.seed} || i.image_id)`, desc: false, kind: 'text' };
  }
}

function baseConditions(query: GalleryQuery) {
  const conditions = [Prisma.sql`i.status = 'complete'`, scopeSql(query.scope)];
  if (query.runType) conditions.push(Prisma.sql`i.run_type = ${query.runType}`);
  return conditions;
}

const fromSql = (query: GalleryQuery) =>
  query.scope.kind === 'likes'
    ? Prisma.sql`FROM images i JOIN likes l ON l.image_id = i.image_id AND l.member_id = ${query.scope.memberId}`
    : Prisma.sql`FROM images i`;

export async function listGalleryImages(db: Database, query: GalleryQuery): Promise<GalleryRow[]> {
  return db.$queryRaw<GalleryRow[]>(galleryPageSql(query));
}

/** The page query itself (exported so a test can EXPLAIN exactly what runs). */
export function galleryPageSql(query: GalleryQuery): Prisma.Sql {
  const key = sortKey(query);
  const conditions = baseConditions(query);
  if (query.after) {
    const value =
      key.kind === 'time'
        ? Prisma.sql`${new Date(query.after.value as string)}::timestamptz`
        : key.kind === 'int'
          ? Prisma.sql`${Number(query.after.value)}::int`
          : Prisma.sql`${String(query.after.value)}::text`;
    conditions.push(
      key.desc
        ? Prisma.sql`(${key.expr}, i.image_id) < (${value}, ${query.after.imageId}::varchar)`
        : Prisma.sql`(${key.expr}, i.image_id) > (${value}, ${query.after.imageId}::varchar)`,
    );
  }
  const direction = key.desc ? Prisma.sql`DESC` : Prisma.sql`ASC`;
  const viewer = query.viewerId ?? '';
  return Prisma.sql`
    SELECT i.image_id, i.prompt, i.run_type, i.run_style, i.run_ratio, i.strength, i.status,
           i.is_open, i.is_claim, i.is_delete, i.like_cnt, i.view_cnt, i.created_at, i.original_key,
           EXISTS (SELECT 1 FROM likes v WHERE v.image_id = i.image_id AND v.member_id = ${viewer}) AS is_liked,
           ${key.expr} AS sort_value
      ${fromSql(query)}
     WHERE ${Prisma.join(conditions, ' AND ')}
     ORDER BY ${key.expr} ${direction}, i.image_id ${direction}
     LIMIT ${query.limit}
    ${query.after ? Prisma.empty : Prisma.sql`OFFSET ${query.offset}`}`;
}

export async function countGalleryImages(db: Database, query: GalleryQuery): Promise<number> {
  const rows = await db.$queryRaw<Array<{ n: number }>>`
    SELECT count(*)::int AS n ${fromSql(query)} WHERE ${Prisma.join(baseConditions(query), ' AND ')}`;
  return rows[0]?.n ?? 0;
}
