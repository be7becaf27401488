// The support console's Inbox endpoints (issue 15), typed from contracts admin/inbox.ts.
import type {
  TCloseInboxResponse,
  TGetInboxItemResponse,
  TListInboxRequest,
  TListInboxResponse,
  TReplyInboxRequest,
  TReplyInboxResponse,
} from '@velvet/contracts/admin/inbox';
import { apiPath, API_PATHS } from '@velvet/contracts/routes';
import { api, endpointPath } from '../../lib/api.ts';

export const consoleInboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    listInbox: build.query<TListInboxResponse, TListInboxRequest>({
      query: (params) => ({ url: endpointPath(API_PATHS.adminInbox), params }),
      // Another support person may have acted meanwhile: never show an old page from the cache.
      keepUnusedDataFor: 0,
    }),
    getInboxItem: build.query<TGetInboxItemResponse, string>({
      query: (id) => endpointPath(apiPath(API_PATHS.adminInboxItem, { id })),
      keepUnusedDataFor: 0,
    }),
    replyToInboxItem: build.mutation<TReplyInboxResponse, { id: string; body: TReplyInboxRequest }>({
      query: ({ id, body }) => ({
        url: endpointPath(apiPath(API_PATHS.adminInboxReplies, { id })),
        method: 'POST',
        body,
      }),
    }),
    closeInboxItem: build.mutation<TCloseInboxResponse, string>({
      query: (id) => ({ url: endpointPath(apiPath(API_PATHS.adminInboxClose, { id })), method: 'POST' }),
    }),
  }),
});

export const {
  useListInboxQuery,
  useLazyListInboxQuery,
  useGetInboxItemQuery,
  useReplyToInboxItemMutation,
  useCloseInboxItemMutation,
} = consoleInboxApi;
