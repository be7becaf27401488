import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface WebAppOptions {
  /** Folder of the built SPA (index.html + assets/); when it is missing only the API is served. */
  distDir: string;
  enabled: boolean;
}

const API_PREFIXES = ['/api/', '/docs', '/healthz', '/readyz'];

/**
 * Serves the built web app on the API's port. Every GET that is not an API path and not a file falls
 * back to index.html so the client router handles it (history fallback); unknown API paths stay JSON
 * 404s.
 */
export default fp<WebAppOptions>(
  async function webApp(app: FastifyInstance, opts) {
    const indexFile = path.join(opts.distDir, 'index.html');
    const serveWeb = opts.enabled && fs.existsSync(indexFile);
    if (serveWeb) {
      await app.register(fastifyStatic, {
        root: opts.distDir,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside every text asset: sent as they are when the client
        // accepts them (compress.ts leaves responses that already have a Content-Encoding alone).
        preCompressed: true,
        setHeaders(reply, filePath) {
          // Vite puts a content hash in every asset name: those never change.
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            reply.header('cache-control', 'public, max-age=31536000, immutable');
          }
        },
      });
    } else if (opts.enabled) {
      app.log.warn({ distDir: opts.distDir }, 'web app not built: serving the API only');
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const isApi = API_PREFIXES.some((p) => url === p.replace(/\/$/, '') || url.startsWith(p));
      if (serveWeb && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
        // no-cache: cacheable, revalidated on every use (it names the current assets). cacheControl:
        // false keeps it: @fastify/static would otherwise send its own `public, max-age=0`.
        return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
      }
      return reply.code(404).send({ status: 'error', message: `Route ${request.method} ${url} not found` });
    });
  },
  { name: 'web-app' },
);
