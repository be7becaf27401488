// The support console's Queues endpoints (issue 15), typed from contracts admin/queues.ts.
import type {
  TConsoleQueue,
  TListFailedJobsRequest,
  TListFailedJobsResponse,
  TListQueuesResponse,
  TRetryJobResponse,
} from '@velvet/contracts/admin/queues';
import { apiPath, API_PATHS } from '@velvet/contracts/routes';
import { api, endpointPath } from '../../lib/api.ts';

export const consoleQueuesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listQueues: build.query<TListQueuesResponse, void>({
      query: () => ({ url: endpointPath(API_PATHS.adminQueues) }),
      keepUnusedDataFor: 0,
    }),
    listFailedJobs: build.query<TListFailedJobsResponse, { queue: TConsoleQueue } & TListFailedJobsRequest>({
      query: ({ queue, ...params }) => ({
        url: endpointPath(apiPath(API_PATHS.adminQueueFailedJobs, { queue })),
        params,
      }),
      keepUnusedDataFor: 0,
    }),
    retryJob: build.mutation<TRetryJobResponse, { queue: TConsoleQueue; jobId: string }>({
      query: ({ queue, jobId }) => ({
        url: endpointPath(apiPath(API_PATHS.adminQueueRetryJob, { queue, job_id: jobId })),
        method: 'POST',
      }),
    }),
  }),
});

export const { useListQueuesQuery, useListFailedJobsQuery, useRetryJobMutation } = consoleQueuesApi;
