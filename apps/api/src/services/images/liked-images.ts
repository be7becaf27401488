// The hearts of Explore's cards for a member: Explore's list goes without the token (one cached page
// for every viewer), and the web asks which of the page's images this member likes.
import type { TListLikedIdsResponse } from '@velvet/contracts/images/list-liked-ids';
import type { Database } from '../../db/client.ts';
import { findLikedImageIds } from '../../repositories/like.repository.ts';

export async function listLikedImageIds(
  db: Database,
  memberId: string,
  imageIds: string[],
): Promise<TListLikedIdsResponse> {
  return { status: 'ok', liked: await findLikedImageIds(db, memberId, imageIds) };
}
