// Calls of the image detail view (spec section 7, Images): view, download record, publish, claim,
// delete and report; status and like are shared with other features (lib/image-api.ts). Every call
// carries the bearer token; a 401 opens the login modal.
import type { TClaimImageResponse } from '@velvet/contracts/images/claim-image';
import type { TDeleteImageResponse } from '@velvet/contracts/images/delete-image';
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
  useDetailRecordDownloadMutation,
  useDetailPublishImageMutation,
  useDetailClaimImageMutation,
  useDetailDeleteImageMutation,
  useDetailReportImageMutation,
} = imageDetailApi;
