// The support console's Moderation endpoints (issue 15), typed from contracts admin/moderation.ts.
import type {
  TDecideModerationRequest,
  TDecideModerationResponse,
  TListModerationRequest,
  TListModerationResponse,
  TModerationDetailResponse,
  TModerationKind,
} from '@velvet/contracts/admin/moderation';
import { apiPath, API_PATHS } from '@velvet/contracts/routes';
import { api, endpointPath } from '../../lib/api.ts';

export interface ModerationRef {
  kind: TModerationKind;
  id: string;
}

/** The detail and decision path of an item: reports by image id, holds by hold id. */
export function moderationItemPath({ kind, id }: ModerationRef): string {
  return kind === 'report'
    ? endpointPath(apiPath(API_PATHS.adminModerationReport, { image_id: id }))
    : endpointPath(apiPath(API_PATHS.adminModerationHold, { id }));
}

export const consoleModerationApi = api.injectEndpoints({
  endpoints: (build) => ({
    listModeration: build.query<TListModerationResponse, TListModerationRequest>({
      query: (params) => ({ url: endpointPath(API_PATHS.adminModeration), params }),
      // Another support person may have decided meanwhile.
      keepUnusedDataFor: 0,
    }),
    getModerationItem: build.query<TModerationDetailResponse, ModerationRef>({
      query: (ref) => ({ url: moderationItemPath(ref) }),
      keepUnusedDataFor: 0,
    }),
    decideModeration: build.mutation<TDecideModerationResponse, ModerationRef & { body: TDecideModerationRequest }>({
      query: ({ body, ...ref }) => ({ url: moderationItemPath(ref), method: 'POST', body }),
    }),
  }),
});

export const {
  useListModerationQuery,
  useLazyListModerationQuery,
  useGetModerationItemQuery,
  useDecideModerationMutation,
} = consoleModerationApi;
