import { ZListLikedIdsRequest, ZListLikedIdsResponse } from '@velvet/contracts/images/list-liked-ids';
import { API_PATHS } from '@velvet/contracts/routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listLikedImageIds } from '../../services/images/liked-images.ts';

/** The liked state of one page of cards (Explore's list itself carries no token). */
const likedImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  app.get(
    API_PATHS.likedImageIds,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['images'],
        operationId: 'listLikedImageIds',
        summary: 'Which of these images (one page, comma-separated ids) the member likes',
        querystring: ZListLikedIdsRequest,
        response: { 200: ZListLikedIdsResponse },
      },
    },
    async (request, reply) => {
      // The member's own answer: never stored by a shared cache.
      reply.header('cache-control', 'private, no-store');
      return listLikedImageIds(db, request.user.sub, request.query.ids);
    },
  );
};

export default likedImageRoutes;
