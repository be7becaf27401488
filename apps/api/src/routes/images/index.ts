import { ZErrorResponse, ZImageIdParams } from '@velvet/contracts/common';
import { ZGetGenerationConfigResponse } from '@velvet/contracts/images/get-generation-config';
import { ZGetStatusRequest, ZGetStatusResponse } from '@velvet/contracts/images/get-status';
import { ZMakeImagesRequest, ZMakeImagesResponse } from '@velvet/contracts/images/make-images';
import { API_PATHS } from '@velvet/contracts/routes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mediaResponse, webpResponse } from '../../plugins/external/swagger.ts';
import { makeImages } from '../../services/generation/make-images.ts';
import { getImageStatus, readImageFile, type ImageFile } from '../../services/images/image-access.ts';

// 400 and 401 are documented from the guard and the input (plugins/external/swagger.ts).
const notFound = { 404: ZErrorResponse };

/** Sends a stored WebP with validators; a matching If-None-Match answers 304 without the bytes. */
function sendImage(request: FastifyRequest, reply: FastifyReply, file: ImageFile, cacheControl: string) {
  reply.header('etag', file.etag).header('cache-control', cacheControl).header('vary', 'Authorization');
  if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
  return reply.type('image/webp').send(file.data);
}

const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.services;
  const viewer = (request: FastifyRequest) => (request.user as { sub?: string } | undefined)?.sub ?? null;

  app.get(
    API_PATHS.generationConfig,
    {
      schema: {
        tags: ['images'],
        operationId: 'getGenerationConfig',
        summary: 'Which image model answers generations (public)',
        response: { 200: ZGetGenerationConfigResponse },
      },
    },
    async () => ({ provider: app.services.imageModel.name, is_demo: app.services.imageModel.isDemo }),
  );

  app.post(
    API_PATHS.makeImages,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['images'],
        operationId: 'makeImages',
        summary:
          'Generate images: charge, queue, answer the new image ids (status no with a detail on refusal or mute; 503 while the safety check is down)',
        body: ZMakeImagesRequest,
        // 401 also when the member was deleted meanwhile; 409: run_id taken by another member.
        response: { 200: ZMakeImagesResponse, 409: ZErrorResponse, 503: ZErrorResponse },
      },
    },
    async (request) => makeImages(app.services, request.user.sub, request.body, request.ip),
  );

  app.get(
    API_PATHS.getStatus,
    {
      onRequest: app.identify,
      schema: {
        tags: ['images'],
        operationId: 'getImageStatus',
        summary: "An image's status and flags: its owner, or anyone while it is published",
        params: ZGetStatusRequest,
        response: { 200: ZGetStatusResponse, ...notFound },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getImageStatus(db, request.params.id, viewer(request));
    },
  );

  app.get(
    API_PATHS.memberEvents,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['images'],
        operationId: 'streamMemberEvents',
        summary: 'Server-sent events for the signed-in member (image status, balance)',
        response: {
          200: mediaResponse(
            'text/event-stream',
            'An open stream of `event: <type>` / `data: <JSON>` frames (image status, balance), with heartbeats',
          ),
        },
      },
    },
    async (request, reply) => app.memberEvents.open(request.user.sub, reply),
  );

  // Both paths serve the owner's picture under the same rules (spec section 7 names both). Fastify's
  // router prefers static segments, so /api/v2/image/thumb/... and the others are not shadowed.
  for (const [path, operationId, summary] of [
    [API_PATHS.imageDetail, 'getImageDetail', "The owner's full-size WebP (generation and collection views)"],
    [
      API_PATHS.image,
      'getImage',
      "The owner's full-size WebP (the spec's GET /api/v2/image/{x}; same as the detail path)",
    ],
  ] as const) {
    app.get(
      path,
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['images'],
          operationId,
          summary,
          params: ZImageIdParams,
          response: { 200: webpResponse('The full-size picture'), ...notFound },
        },
      },
      async (request, reply) => {
        const file = await readImageFile(db, storage, request.params.image_id, request.user.sub, 'original', 'owner');
        return sendImage(request, reply, file, 'private, max-age=86400');
      },
    );
  }

  app.get(
    API_PATHS.imageThumbnail,
    {
      onRequest: app.identify,
      schema: {
        tags: ['images'],
        operationId: 'getImageThumbnail',
        summary: 'Grid-sized WebP of an image the caller may see (own, or published)',
        params: ZImageIdParams,
        response: { 200: webpResponse('The grid-sized picture'), ...notFound },
      },
    },
    async (request, reply) => {
      const file = await readImageFile(db, storage, request.params.image_id, viewer(request), 'thumbnail', 'visible');
      return sendImage(request, reply, file, 'private, max-age=86400');
    },
  );
};

export default imageRoutes;
