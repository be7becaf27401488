// Calls of the image detail view (spec section 7, Images): view, status, like, download record,
// publish, claim, delete and report. Every call carries the bearer token; a 401 opens the login modal.
import type { TClaimImageResponse } from '@velvet/contracts/images/claim-image';
import type { TDeleteImageResponse } from '@velvet/contracts/images/delete-image';
import type { TGetStatusResponse } from '@velvet/contracts/images/get-status';
import type { TLikeImageResponse } from '@velvet/contracts/images/like-image';
import type { TPublishImageResponse } from '@velvet/contracts/images/publish-image';
import type { TRecordDownloadResponse } from '@velvet/contracts/images/record-download';
import type { TRecordViewResponse } from '@velvet/contracts/images/record-view';
import type { ReportReason, TReportImageResponse } from '@velvet/contracts/images/report-image';
import { apiPath, API_PATHS } from '@velvet/contracts/routes';
import { api, endpointPath } from '../../lib/api.ts';

const imagePath = (path: string, imageId: string) => endpointPath(apiPath(path, { image_id: imageId }));
const post = (path: string) => (imageId: string) => ({ url: imagePath(path, imageId), method: 'POST' });

export const imageDetailApi = api.injectEndpoints({
  endpoints: (build) => ({
    detailRecordView: build.mutation<TRecordViewResponse, string>({ query: post(API_PATHS.recordView) }),
    detailImageStatus: build.query<TGetStatusResponse, string>({
      query: (imageId) => endpointPath(apiPath(API_PATHS.getStatus, { id: imageId })),
      keepUnusedDataFor: 0,
    }),
    detailLikeImage: build.mutation<TLikeImageResponse, string>({ query: post(API_PATHS.likeImage) }),
    detailRecordDownload: build.mutation<TRecordDownloadResponse, string>({ query: post(API_PATHS.recordDownload) }),
    detailPublishImage: build.mutation<TPublishImageResponse, string>({ query: post(API_PATHS.publishImage) }),
    detailClaimImage: build.mutation<TClaimImageResponse, string>({ query: post(API_PATHS.claimImage) }),
    detailDeleteImage: build.mutation<TDeleteImageResponse, string>({ query: post(API_PATHS.deleteImage) }),
    detailReportImage: build.mutation<TReportImageResponse, { imageId: string; reason: ReportReason }>({
      query: ({ imageId, reason }) => ({
        url: imagePath(API_PATHS.reportImage, imageId),
        method: 'POST',
        body: { reason },
      }),
    }),
  }),
});

export const {
  useDetailRecordViewMutation,
  useDetailLikeImageMutation,
  useDetailRecordDownloadMutation,
  useDetailPublishImageMutation,
  useDetailClaimImageMutation,
  useDetailDeleteImageMutation,
  useDetailReportImageMutation,
} = imageDetailApi;
