import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Responses smaller than this go out as they are: below about 1 KB compression saves too little. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Brotli (quality 4, the plugin's default: fast enough per request) or gzip for compressible
 * responses of at least 1 KB, chosen by Accept-Encoding. Files that carry their own encoding (the web
 * app's precompressed .br/.gz, served by web-app.ts) and pictures (WebP is not compressible) pass
 * through untouched. Request bodies are not decompressed (they are small JSON).
 */
export default fp(
  async function compress(app: FastifyInstance) {
    await app.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD_BYTES,
    });
  },
  { name: 'compress' },
);
