// GET /api/v2/image/liked?ids=a,b,c (bearer; not in the spec): which of these images the caller likes.
// Explore's list goes without the token (spec section 7: the public gallery sends no auth header), so
// that one page serves every viewer; a member's web app then asks this once per page to fill the
// hearts. At most one page of ids (GALLERY.maxPageSize), comma-separated.
import { z } from 'zod';
import { GALLERY } from '../catalog.ts';
import { IMAGE_ID_PATTERN } from '../ids.ts';
import { RUN_ID_LENGTH } from '../options.ts';

/** How the ids are joined in the query string. */
export const LIKED_IDS_SEPARATOR = ',';

const ID_MESSAGE = `ids must be image ids (a ${RUN_ID_LENGTH}-character run_id and a serial) separated by commas`;

export const ZListLikedIdsRequest = z.object({
  ids: z.string({ error: 'ids is required' }).transform((text, ctx): string[] => {
    const ids = text.split(LIKED_IDS_SEPARATOR).map((id) => id.trim());
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message, input: text });
      return z.NEVER;
    };
    if (text.trim() === '') return fail('ids is required');
    if (!ids.every((id) => IMAGE_ID_PATTERN.test(id))) return fail(ID_MESSAGE);
    const distinct = [...new Set(ids)];
    if (distinct.length > GALLERY.maxPageSize) return fail(`ids must be at most ${GALLERY.maxPageSize} (one page)`);
    return distinct;
  }),
});
export type TListLikedIdsRequest = z.input<typeof ZListLikedIdsRequest>;
export type TListLikedIdsRequestParsed = z.output<typeof ZListLikedIdsRequest>;

export const ZListLikedIdsResponse = z.object({
  status: z.literal('ok'),
  /** The asked ids the caller likes, in the order asked; any other asked id is not liked. */
  liked: z.array(z.string()),
});
export type TListLikedIdsResponse = z.infer<typeof ZListLikedIdsResponse>;
