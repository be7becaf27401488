// Which index each gallery query is meant to read (prisma/schema.prisma), for the EXPLAIN tests
// (galleries/gallery-plans.test.ts, db/gallery-indexes.test.ts). A Record over Sort: a new sort in
// contracts does not compile here until its index is named.
import type { Model, Sort } from '@velvet/contracts/options';
import type { GalleryScope } from '../../src/repositories/gallery.repository.ts';

const INDEX_OF_SORT: Record<Sort, string> = {
  Latest: 'latest',
  Oldest: 'latest',
  Popular: 'popular',
  MostViewed: 'viewed',
  Randomize: 'random',
};

/**
 * Explore reads images_explore_*; one member's images (Explore by member, My Collections)
 * images_owner_*; each with `type_` when filtered by model. Liked Contents by when the member liked
 * reads likes_member_latest_idx, by any other sort the Explore index (each row probed in likes).
 */
export function intendedIndex(scope: GalleryScope, sort: Sort, runType: Model | undefined): string {
  if (scope.kind === 'likes' && (sort === 'Latest' || sort === 'Oldest')) return 'likes_member_latest_idx';
  const family = scope.kind === 'collection' || (scope.kind === 'public' && scope.ownerId) ? 'owner' : 'explore';
  return `images_${family}_${runType ? 'type_' : ''}${INDEX_OF_SORT[sort]}_idx`;
}
