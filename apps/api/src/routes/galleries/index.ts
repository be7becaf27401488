import { ZErrorResponse } from '@velvet/contracts/common';
import {
  ZListImagesRequest,
  ZListImagesResponse,
  type TListImagesRequestParsed,
} from '@velvet/contracts/galleries/list-images';
import type { GalleryType } from '@velvet/contracts/options';
import { API_PATHS } from '@velvet/contracts/routes';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_THRESHOLD_BYTES } from '../../plugins/external/compress.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jsonSchemaSerializerCompiler } from '../../plugins/app/schema-serializer.ts';
import { guestPageKey, type GalleryCache, type MemberGallery } from '../../services/galleries/gallery-cache.ts';
import { listGallery } from '../../services/galleries/list-gallery.ts';

/**
 * The cached guest pages, compressed once per page instead of on every request (compressing a 24 KB
 * page per request cost guests most of the cache's gain). At most this many pages are kept.
 */
const MAX_ENCODED_PAGES = 500;
const encodedPages = new Map<string, { page: Buffer; br: Buffer; gzip: Buffer }>();

function encodedPage(key: string, page: Buffer) {
  const known = encodedPages.get(key);
  // The same bytes, whether the process kept the page or read it again (equals() is true at once for the same Buffer).
  if (known?.page.equals(page)) return known;
  const encoded = {
    page,
    br: brotliCompressSync(page, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6 } }),
    gzip: gzipSync(page, { level: 6 }),
  };
  encodedPages.delete(key);
  encodedPages.set(key, encoded);
  if (encodedPages.size > MAX_ENCODED_PAGES) encodedPages.delete(encodedPages.keys().next().value!);
  return encoded;
}

/** Brotli when the client takes it, else gzip, else none (q=0 refuses an encoding). */
function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

export interface GalleryRoutesOptions {
  /** Shared cache of gallery pages (guests' Explore, members' pages); none = every request reads the database. */
  pageCache?: GalleryCache | null;
}

const GALLERY_OF: Record<MemberGallery, GalleryType> = {
  public: 'public_gallery',
  collection: 'collection_gallery',
  likes: 'likes_gallery',
};

/**
 * Explore (public), My Collections and Liked Contents. Responses are serialised from the contract's
 * JSON schema (fast-json-stringify), not by zod at run time; requests are still validated by zod.
 */
const galleryRoutes: FastifyPluginAsyncZod<GalleryRoutesOptions> = async (app, opts) => {
  const { db } = app.services;
  const pageCache = opts.pageCache ?? null;
  const viewer = (request: FastifyRequest) => (request.user as { sub?: string } | undefined)?.sub ?? null;

  /** A member's page: the JSON cached for them (per member: `is_liked` is theirs), or the database's. */
  const memberPage = async (gallery: MemberGallery, memberId: string, request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as TListImagesRequestParsed;
    if (!pageCache) return listGallery(db, GALLERY_OF[gallery], memberId, query);
    const page = await pageCache.memberPage(gallery, memberId, query, async () =>
      String(reply.serialize(await listGallery(db, GALLERY_OF[gallery], memberId, query))),
    );
    return reply.type('application/json; charset=utf-8').send(page);
  };

  app.get(
    API_PATHS.publicImages,
    {
      onRequest: app.identify,
      serializerCompiler: jsonSchemaSerializerCompiler,
      schema: {
        tags: ['galleries'],
        operationId: 'listPublicImages',
        summary: 'Explore: published images. Guests get pages 1 to 3 (401 beyond); keyset cursor or page',
        querystring: ZListImagesRequest,
        // 401 also for a guest asking past page 3 (not only for a bad token).
        response: { 200: ZListImagesResponse, 401: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const viewerId = viewer(request);
      if (viewerId !== null) return memberPage('public', viewerId, request, reply);
      if (!pageCache) return listGallery(db, 'public_gallery', null, request.query);
      // Guests: the page's JSON as cached (listGallery refuses pages beyond 3, so nothing deeper is stored).
      const page = await pageCache.page(request.query, async () =>
        String(reply.serialize(await listGallery(db, 'public_gallery', null, request.query))),
      );
      // Already JSON: bytes with a JSON content type are sent as they are, not serialised again, and
      // already compressed when the client accepts it (the compress plugin leaves encoded bodies alone).
      const sent = (reply as FastifyReply).type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      const encoding =
        page.length >= COMPRESS_THRESHOLD_BYTES ? acceptedEncoding(request.headers['accept-encoding']) : null;
      if (!encoding) return sent.send(page);
      return sent.header('content-encoding', encoding).send(encodedPage(guestPageKey(request.query), page)[encoding]);
    },
  );

  app.get(
    API_PATHS.collectionImages,
    {
      onRequest: app.authenticate,
      serializerCompiler: jsonSchemaSerializerCompiler,
      schema: {
        tags: ['galleries'],
        operationId: 'listCollectionImages',
        summary: "My Collections: the member's own images",
        querystring: ZListImagesRequest,
        response: { 200: ZListImagesResponse },
      },
    },
    async (request, reply) => memberPage('collection', request.user.sub, request, reply),
  );

  app.get(
    API_PATHS.likedImages,
    {
      onRequest: app.authenticate,
      serializerCompiler: jsonSchemaSerializerCompiler,
      schema: {
        tags: ['galleries'],
        operationId: 'listLikedImages',
        summary: 'Liked Contents: published images the member likes',
        querystring: ZListImagesRequest,
        response: { 200: ZListImagesResponse },
      },
    },
    async (request, reply) => memberPage('likes', request.user.sub, request, reply),
  );
};

export default galleryRoutes;
