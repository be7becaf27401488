// The support console's Members endpoints (issue 15), typed from the contracts. Lists are keyset
// paged (RTK Query infinite queries: the next page's param is the last page's next_cursor).
import type {
  TAdjustCoinsRequest,
  TAdjustCoinsResponse,
  TChangeRoleRequest,
  TGetConsoleMemberResponse,
  TListMemberLedgerResponse,
  TMemberActionRequest,
  TMemberActionResponse,
  TSearchMembersResponse,
} from '@velvet/contracts/admin/members';
import { API_PATHS, apiPath } from '@velvet/contracts/routes';
import { api, endpointPath } from '../../lib/api.ts';

export type MemberAction = 'mute' | 'suspend' | 'restore';

const ACTION_PATHS = {
  mute: API_PATHS.adminMemberMute,
  suspend: API_PATHS.adminMemberSuspend,
  restore: API_PATHS.adminMemberRestore,
} as const;

const withTags = api.enhanceEndpoints({ addTagTypes: ['ConsoleMember', 'ConsoleAudit'] });

export const consoleMembersApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    searchMembers: build.infiniteQuery<TSearchMembersResponse, { q: string }, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.next_cursor,
      },
      query: ({ queryArg, pageParam }) => ({
        url: endpointPath(API_PATHS.adminMembers),
        params: { ...(queryArg.q ? { q: queryArg.q } : {}), ...(pageParam ? { cursor: pageParam } : {}), limit: 25 },
      }),
      providesTags: ['ConsoleMember'],
    }),
    getConsoleMember: build.query<TGetConsoleMemberResponse, string>({
      query: (memberId) => endpointPath(apiPath(API_PATHS.adminMember, { member_id: memberId })),
      providesTags: (_result, _error, memberId) => [{ type: 'ConsoleMember', id: memberId }],
    }),
    listMemberLedger: build.infiniteQuery<TListMemberLedgerResponse, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.next_cursor,
      },
      query: ({ queryArg, pageParam }) => ({
        url: endpointPath(apiPath(API_PATHS.adminMemberLedger, { member_id: queryArg })),
        params: { ...(pageParam ? { cursor: pageParam } : {}), limit: 20 },
      }),
      providesTags: (_result, _error, memberId) => [{ type: 'ConsoleMember', id: memberId }],
    }),
    adjustCoins: build.mutation<TAdjustCoinsResponse, { memberId: string; body: TAdjustCoinsRequest }>({
      query: ({ memberId, body }) => ({
        url: endpointPath(apiPath(API_PATHS.adminMemberCoins, { member_id: memberId })),
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { memberId }) => [{ type: 'ConsoleMember', id: memberId }, 'ConsoleAudit'],
    }),
    memberAction: build.mutation<
      TMemberActionResponse,
      { memberId: string; action: MemberAction; body: TMemberActionRequest }
    >({
      query: ({ memberId, action, body }) => ({
        url: endpointPath(apiPath(ACTION_PATHS[action], { member_id: memberId })),
        method: 'POST',
        body,
      }),
      // A 409 (someone acted first) refreshes the row too: the screen shows the state as it is now.
      invalidatesTags: (_result, _error, { memberId }) => [
        { type: 'ConsoleMember', id: memberId },
        'ConsoleMember',
        'ConsoleAudit',
      ],
    }),
    changeRole: build.mutation<TMemberActionResponse, { memberId: string; body: TChangeRoleRequest }>({
      query: ({ memberId, body }) => ({
        url: endpointPath(apiPath(API_PATHS.adminMemberRole, { member_id: memberId })),
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_result, _error, { memberId }) => [
        { type: 'ConsoleMember', id: memberId },
        'ConsoleMember',
        'ConsoleAudit',
      ],
    }),
  }),
});

export const {
  useSearchMembersInfiniteQuery,
  useGetConsoleMemberQuery,
  useListMemberLedgerInfiniteQuery,
  useAdjustCoinsMutation,
  useMemberActionMutation,
  useChangeRoleMutation,
} = consoleMembersApi;
