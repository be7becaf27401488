import { ZClaimImageResponse } from '@velvet/contracts/images/claim-image';
import { ZErrorResponse, ZImageIdParams } from '@velvet/contracts/common';
import { ZDeleteImageResponse } from '@velvet/contracts/images/delete-image';
import { ZLikeImageResponse } from '@velvet/contracts/images/like-image';
import { ZPublishImageResponse } from '@velvet/contracts/images/publish-image';
import { ZRecordDownloadResponse } from '@velvet/contracts/images/record-download';
import { ZRecordViewResponse } from '@velvet/contracts/images/record-view';
import { ZReportImageRequest, ZReportImageResponse } from '@velvet/contracts/images/report-image';
import { API_PATHS } from '@velvet/contracts/routes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webpResponse } from '../../plugins/external/swagger.ts';
import {
  claimImage,
  deleteImage,
  downloadImage,
  likeImage,
  reportImage,
  togglePublish,
  viewImage,
} from '../../services/images/image-actions.ts';
import { readImageFile, type ImageFile } from '../../services/images/image-access.ts';

// 400 and 401 are documented from the guard and the input (plugins/external/swagger.ts); every action
// answers 404 for an image the member may not see.
const notFound = { 404: ZErrorResponse };

function sendImage(request: FastifyRequest, reply: FastifyReply, file: ImageFile, cacheControl: string) {
  reply.header('etag', file.etag).header('cache-control', cacheControl).header('vary', 'Authorization');
  if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
  return reply.type('image/webp').send(file.data);
}

/** Per-image actions of the detail view, and the public and likes binary routes. */
const imageActionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.services;
  const action = <R extends object>(operationId: string, summary: string, response: R) => ({
    onRequest: app.authenticate,
    schema: { tags: ['images'], operationId, summary, params: ZImageIdParams, response: { ...notFound, ...response } },
  });

  // The spec names both paths; each gets its own operation name.
  for (const [path, operationId] of [
    [API_PATHS.likeImage, 'likeImage'],
    [API_PATHS.likeImageV1, 'likeImageV1'],
  ] as const) {
    app.post(
      path,
      action(operationId, 'Toggle the like (exact count under concurrency)', { 200: ZLikeImageResponse }),
      async (request) => likeImage(db, request.user.sub, request.params.image_id),
    );
  }

  app.post(
    API_PATHS.recordView,
    action('recordImageView', 'Record a view (detail opened)', { 200: ZRecordViewResponse }),
    async (request) => viewImage(db, request.user.sub, request.params.image_id),
  );

  app.post(
    API_PATHS.recordDownload,
    action('recordImageDownload', 'Record a download; then GET the detail path', { 200: ZRecordDownloadResponse }),
    async (request) => {
      await downloadImage(db, request.user.sub, request.params.image_id);
      return { status: 'ok' as const };
    },
  );

  app.post(
    API_PATHS.publishImage,
    action('togglePublishImage', 'Publish or unpublish an own finished image', {
      200: ZPublishImageResponse,
      409: ZErrorResponse,
    }),
    async (request) => togglePublish(db, request.user.sub, request.params.image_id),
  );

  app.post(
    API_PATHS.claimImage,
    action('claimImage', 'Claim a refund for an own finished image (one-way)', {
      200: ZClaimImageResponse,
      409: ZErrorResponse,
      429: ZErrorResponse,
    }),
    async (request) => claimImage(app.services, request.user.sub, request.params.image_id),
  );

  app.post(
    API_PATHS.deleteImage,
    action('deleteImage', 'Delete an own image (soft; files purged later)', { 200: ZDeleteImageResponse }),
    async (request) => deleteImage(db, request.user.sub, request.params.image_id),
  );

  app.post(
    API_PATHS.reportImage,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['images'],
        operationId: 'reportImage',
        summary: 'Report a published image (once per member)',
        params: ZImageIdParams,
        body: ZReportImageRequest,
        response: { 200: ZReportImageResponse, ...notFound, 409: ZErrorResponse },
      },
    },
    async (request) => ({
      status: 'ok' as const,
      message: await reportImage(app.services, request.user.sub, request.params.image_id, request.body.reason),
    }),
  );

  app.get(
    API_PATHS.likedImageDetail,
    action('getLikedImageDetail', 'Full-size WebP of a published image the caller likes', {
      200: webpResponse('The full-size picture'),
    }),
    async (request, reply) => {
      const file = await readImageFile(db, storage, request.params.image_id, request.user.sub, 'original', 'liker');
      return sendImage(request, reply, file, 'private, max-age=3600');
    },
  );

  app.get(
    API_PATHS.publicImageDetail,
    {
      schema: {
        tags: ['images'],
        operationId: 'getPublicImageDetail',
        summary: 'Full-size WebP of a published image (Explore)',
        params: ZImageIdParams,
        response: { 200: webpResponse('The full-size picture'), ...notFound },
      },
    },
    async (request, reply) => {
      const file = await readImageFile(db, storage, request.params.image_id, null, 'original', 'public');
      // Short public caching: an unpublished image must stop being served soon.
      return sendImage(request, reply, file, 'public, max-age=300');
    },
  );
};

export default imageActionRoutes;
