import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isFirstScreenPath, readFirstScreenCookie } from '@velvet/contracts/first-screen';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createFirstScreenRenderer, type FirstScreenDocument } from './first-screen.ts';

export interface WebAppOptions {
  /** Folder of the built SPA (index.html + assets/); when it is missing only the API is served. */
  distDir: string;
  enabled: boolean;
  /**
   * The web build's server render of Explore's first screen (default: dist-server/first-screen.js beside
   * distDir); when it is missing, Explore's document is the plain index.html.
   */
  firstScreenModule?: string;
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

    const firstScreen = serveWeb
      ? createFirstScreenRenderer(
          app,
          {
            module: opts.firstScreenModule ?? path.join(opts.distDir, '..', 'dist-server', 'first-screen.js'),
            manifest: path.join(opts.distDir, '.vite', 'manifest.json'),
          },
          app.log,
        )
      : null;

    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const isApi = API_PREFIXES.some((p) => url === p.replace(/\/$/, '') || url.startsWith(p));
      if (serveWeb && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
        // no-cache: cacheable, revalidated on every use (it names the current assets). cacheControl:
        // false keeps it: @fastify/static would otherwise send its own `public, max-age=0`.
        reply.header('cache-control', 'no-cache');
        if (firstScreen && isFirstScreenPath(url)) {
          // Explore's document depends on the first-screen cookie: a shared cache must not mix them.
          reply.header('vary', 'Cookie');
          const hints = readFirstScreenCookie(request.headers.cookie);
          const document = hints ? await renderedDocument(request.url, hints, request.log) : null;
          if (document) {
            const csp = reply.getHeader('content-security-policy');
            if (typeof csp === 'string' && document.styleHashes.length > 0) {
              reply.header(
                'content-security-policy',
                `${csp};style-src-attr 'unsafe-hashes' ${document.styleHashes.join(' ')}`,
              );
            }
            return reply.type('text/html; charset=utf-8').send(document.html);
          }
        }
        return reply.sendFile('index.html', { cacheControl: false });
      }
      return reply.code(404).send({ status: 'error', message: `Route ${request.method} ${url} not found` });
    });

    async function renderedDocument(
      url: string,
      hints: NonNullable<ReturnType<typeof readFirstScreenCookie>>,
      log: FastifyBaseLogger,
    ): Promise<FirstScreenDocument | null> {
      try {
        const template = await fs.promises.readFile(indexFile, 'utf8');
        return (await firstScreen?.document({ url, hints, template })) ?? null;
      } catch (error) {
        log.warn({ err: error }, 'first screen: render failed; sending the plain document');
        return null;
      }
    }
  },
  { name: 'web-app' },
);
