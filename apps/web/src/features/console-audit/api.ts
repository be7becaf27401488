// The support console's Audit log endpoint (issue 15), keyset paged, typed from the contracts.
import type { TListAuditRequest, TListAuditResponse } from '@velvet/contracts/admin/audit';
import { API_PATHS } from '@velvet/contracts/routes';
import { api, endpointPath } from '../../lib/api.ts';

export type AuditFilters = Omit<TListAuditRequest, 'cursor' | 'limit'>;

const withTags = api.enhanceEndpoints({ addTagTypes: ['ConsoleAudit'] });

export const consoleAuditApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    listAuditLog: build.infiniteQuery<TListAuditResponse, AuditFilters, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.next_cursor,
      },
      query: ({ queryArg, pageParam }) => {
        const params: Record<string, string | number> = { limit: 50 };
        for (const [key, value] of Object.entries(queryArg)) {
          if (typeof value === 'string' && value.trim() !== '') params[key] = value.trim();
        }
        if (pageParam) params.cursor = pageParam;
        return { url: endpointPath(API_PATHS.adminAudit), params };
      },
      providesTags: ['ConsoleAudit'],
    }),
  }),
});

export const { useListAuditLogInfiniteQuery } = consoleAuditApi;
