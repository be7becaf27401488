import { ZErrorResponse } from '@velvet/contracts/common';
import { ZListImagesRequest, ZListImagesResponse } from '@velvet/contracts/galleries/list-images';
import { API_PATHS } from '@velvet/contracts/routes';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listGallery } from '../../services/galleries/list-gallery.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse };

/** Explore (public), My Collections and Liked Contents. */
const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  const viewer = (request: FastifyRequest) => (request.user as { sub?: string } | undefined)?.sub ?? null;

  app.get(
    API_PATHS.publicImages,
    {
      preHandler: app.identify,
      schema: {
        tags: ['galleries'],
        summary: 'Explore: published images. Guests get pages 1 to 3 (401 beyond); keyset cursor or page',
        querystring: ZListImagesRequest,
        response: { 200: ZListImagesResponse, ...errors },
      },
    },
    async (request) => listGallery(db, 'public_gallery', viewer(request), request.query),
  );

  app.get(
    API_PATHS.collectionImages,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['galleries'],
        summary: "My Collections: the member's own images",
        security: [{ bearerAuth: [] }],
        querystring: ZListImagesRequest,
        response: { 200: ZListImagesResponse, ...errors },
      },
    },
    async (request) => listGallery(db, 'collection_gallery', request.user.sub, request.query),
  );

  app.get(
    API_PATHS.likedImages,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['galleries'],
        summary: 'Liked Contents: published images the member likes',
        security: [{ bearerAuth: [] }],
        querystring: ZListImagesRequest,
        response: { 200: ZListImagesResponse, ...errors },
      },
    },
    async (request) => listGallery(db, 'likes_gallery', request.user.sub, request.query),
  );
};

export default galleryRoutes;
