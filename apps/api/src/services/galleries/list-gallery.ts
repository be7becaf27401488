import { GALLERY } from '@velvet/contracts/catalog';
import type { TListImagesRequestParsed, TListImagesResponse } from '@velvet/contracts/galleries/list-images';
import type { TImage } from '@velvet/contracts/images/image';
import type { GalleryType, Model, Sort } from '@velvet/contracts/options';
import { apiPath, API_PATHS, GALLERY_DETAIL_PATHS } from '@velvet/contracts/routes';
import type { Database } from '../../db/client.ts';
import { AppError, badRequest } from '../../errors.ts';
import {
  countGalleryImages,
  listGalleryImages,
  RANDOMIZE_SHUFFLE_MAX,
  type GalleryPage,
  type GalleryQuery,
  type GalleryRow,
  type GalleryScope,
} from '../../repositories/gallery.repository.ts';

export const GUEST_PAGE_LIMIT_MESSAGE = 'Please log in to see more images.';

interface Cursor {
  /** Sort the cursor belongs to. */
  s: Sort;
  /** Filter it belongs to ('' for all). */
  t: string;
  /** Randomize seed. */
  r: string;
  /** Last row's sort value and image id. */
  v: string | number;
  i: string;
  /** The page this cursor opens. */
  p: number;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string): Cursor {
  try {
    const parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (
      typeof parsed.s === 'string' &&
      typeof parsed.t === 'string' &&
      typeof parsed.r === 'string' &&
      (typeof parsed.v === 'string' || typeof parsed.v === 'number') &&
      typeof parsed.i === 'string' &&
      Number.isInteger(parsed.p)
    ) {
      return parsed as Cursor;
    }
  } catch {
    // falls through
  }
  throw badRequest('cursor is not a cursor this API issued', 'cursor');
}

const yn = (flag: boolean) => (flag ? 'Y' : 'N');

function toImage(row: GalleryRow, gallery: GalleryType): TImage {
  const complete = row.status === 'complete' && row.original_key !== null;
  return {
    image_id: row.image_id,
    prompt: row.prompt,
    prompts: row.prompt,
    run_type: row.run_type as TImage['run_type'],
    run_style: row.run_style as TImage['run_style'],
    run_ratio: row.run_ratio as TImage['run_ratio'],
    strength: Number(row.strength),
    status: row.status as TImage['status'],
    is_open: yn(row.is_open),
    is_claim: yn(row.is_claim),
    is_delete: yn(row.is_delete),
    is_liked: yn(row.is_liked),
    like_cnt: row.like_cnt,
    view_cnt: row.view_cnt,
    run_dt: row.created_at.toISOString(),
    img_path: row.original_key,
    imageUrl: complete ? apiPath(API_PATHS.imageThumbnail, { image_id: row.image_id }) : null,
    imageDetailUrl: complete ? apiPath(GALLERY_DETAIL_PATHS[gallery], { image_id: row.image_id }) : null,
  };
}

function sortValueOf(row: GalleryRow): string | number {
  return row.sort_value instanceof Date ? row.sort_value.toISOString() : row.sort_value;
}

/**
 * One page of a gallery. Clients may page with `page` (the spec's) or with `cursor` (keyset: fast at
 * any depth, used by the web); both give the same order. Guests see pages 1 to 3 of Explore only.
 */
export async function listGallery(
  db: Database,
  gallery: GalleryType,
  viewerId: string | null,
  query: TListImagesRequestParsed,
): Promise<TListImagesResponse> {
  const runType = query.run_type as Model | undefined;
  const seed = query.seed ?? 'velvet';
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  if (cursor && (cursor.s !== query.sort_by || cursor.t !== (runType ?? '') || cursor.r !== seed)) {
    throw badRequest('cursor belongs to another sort_by, run_type or seed; start again from page 1', 'cursor');
  }
  if (cursor && typeof cursor.v === 'number' && !Number.isInteger(cursor.v)) {
    throw badRequest('cursor is not a cursor this API issued', 'cursor');
  }
  const page = cursor ? cursor.p : query.page;
  if (gallery === 'public_gallery' && viewerId === null && page > GALLERY.guestMaxPage) {
    throw new AppError(401, GUEST_PAGE_LIMIT_MESSAGE);
  }

  let scope: GalleryScope;
  if (gallery === 'public_gallery')
    scope = { kind: 'public', ...(query.member_id ? { ownerId: query.member_id } : {}) };
  else if (gallery === 'collection_gallery') scope = { kind: 'collection', ownerId: viewerId! };
  else scope = { kind: 'likes', memberId: viewerId! };

  const galleryQuery: GalleryQuery = {
    scope,
    viewerId,
    sort: query.sort_by,
    ...(runType ? { runType } : {}),
    seed,
    limit: query.limit,
    ...(cursor ? { after: { value: cursor.v, imageId: cursor.i } } : {}),
    offset: (query.page - 1) * query.limit,
  };
  // total_count is the maintained counter (gallery_counts, exact: see gallery.repository.ts); whether
  // another page follows comes from reading one row more than the page.
  let total: number;
  let found: GalleryPage;
  if (query.sort_by === 'Randomize' && !cursor) {
    // Small galleries shuffle (a seed's order is its own, not a rotation of one ring); large ones
    // walk the indexed ring. A cursor keeps the order its first page chose (text value = shuffle).
    total = await countGalleryImages(db, galleryQuery);
    found = await listGalleryImages(db, { ...galleryQuery, shuffle: total <= RANDOMIZE_SHUFFLE_MAX });
  } else {
    [found, total] = await Promise.all([
      listGalleryImages(db, {
        ...galleryQuery,
        shuffle: query.sort_by === 'Randomize' && typeof cursor?.v === 'string',
      }),
      countGalleryImages(db, galleryQuery),
    ]);
  }
  const { rows, hasMore } = found;
  const last = rows.at(-1);
  const nextCursor =
    last && hasMore
      ? encodeCursor({
          s: query.sort_by,
          t: runType ?? '',
          r: seed,
          v: sortValueOf(last),
          i: last.image_id,
          p: page + 1,
        })
      : null;
  return { list: rows.map((row) => toImage(row, gallery)), total_count: total, next_cursor: nextCursor };
}
