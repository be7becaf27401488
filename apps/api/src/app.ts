import sensible from '@fastify/sensible';
import { API_PATHS } from '@velvet/contracts/routes';
import Fastify, { LogController, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppServices } from './bootstrap/app-services.ts';
import authPlugin from './plugins/app/auth.ts';
import errorHandler, { BODY_LIMIT_BYTES, frameworkErrorReply, MAX_PARAM_LENGTH } from './plugins/app/error-handler.ts';
import memberEvents from './plugins/app/member-events.ts';
import servicesPlugin from './plugins/app/services.ts';
import webApp from './plugins/app/web-app.ts';
import compress from './plugins/external/compress.ts';
import helmet from './plugins/external/helmet.ts';
import swagger from './plugins/external/swagger.ts';
import adminRoutes from './routes/admin/index.ts';
import adRoutes from './routes/ads/index.ts';
import authRoutes from './routes/auth/index.ts';
import verificationRoutes from './routes/auth/verification.ts';
import imageRoutes from './routes/images/index.ts';
import imageActionRoutes from './routes/images/actions.ts';
import likedImageRoutes from './routes/images/liked.ts';
import galleryRoutes from './routes/galleries/index.ts';
import memberRoutes from './routes/members/index.ts';
import paymentRoutes from './routes/payments/index.ts';
import supportRoutes from './routes/support/index.ts';
import systemRoutes from './routes/system/index.ts';
import walletRoutes from './routes/wallet/index.ts';
import { findActiveMember } from './repositories/member.repository.ts';
import {
  createGalleryCache,
  invalidateGalleryCache,
  registerGalleryCacheRedis,
} from './services/galleries/gallery-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app, in order (HEAD twins included). */
    routeTable: readonly RouteOptions[];
  }
}

/** How long a signed-in member's lookup is reused by one API process (auth.ts). */
export const MEMBER_CACHE_MS = 3_000;

export interface BuildAppOptions {
  services: AppServices;
  logger?: FastifyServerOptions['logger'];
  /**
   * Guest Explore pages from the shared Redis cache (services/galleries/gallery-cache.ts) and the
   * short member cache (plugins/app/auth.ts). Default: on, except under NODE_ENV=test, where tests
   * write rows directly and expect the next request to see them; a test of the caches turns them on.
   */
  caches?: boolean;
}

/**
 * Builds the Fastify app: external plugins, then app plugins, then routes (the Fastify demo's order).
 * It does not listen: server.ts does, and tests use app.inject().
 */
export async function buildApp({ services, logger, caches }: BuildAppOptions) {
  const { config } = services;
  const useCaches = caches ?? config.NODE_ENV !== 'test';
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    // No 'incoming request' / 'request completed' line per request in production (about 6% of the
    // throughput); errors are still logged by the error handler.
    logController: new LogController({ disableRequestLogging: config.NODE_ENV === 'production' }),
    trustProxy: config.TRUST_PROXY,
    // A generation prompt or a support message is small; anything bigger is a mistake or abuse.
    bodyLimit: BODY_LIMIT_BYTES,
    // An id longer than Fastify's default (100) reaches the route's validation, which names the
    // parameter (400), instead of the router's own 414; past this the router refuses it (400).
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Router errors raised before any hook (bad %-encoding, too long parameter): our error body.
    frameworkErrors: frameworkErrorReply,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only: any other body is a 415 (the card webhook keeps its raw-body parser).
  app.removeContentTypeParser('text/plain');

  // Every route as registered (method, path, schema, hooks), for the checks that read the whole route
  // table (test/integration/api/route-table.test.ts).
  const routeTable: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routeTable.push(route as RouteOptions);
  });
  app.decorate('routeTable', routeTable);

  await app.register(helmet, { config });
  await app.register(sensible);
  await app.register(compress);
  await app.register(swagger, { publicUrl: config.PUBLIC_URL });

  await app.register(servicesPlugin, { services });
  await app.register(errorHandler);
  await app.register(authPlugin, {
    secret: config.JWT_SECRET,
    expiresIn: config.JWT_EXPIRES_IN,
    findActiveMember: (memberId) => findActiveMember(services.db, memberId),
    memberCacheMs: useCaches ? MEMBER_CACHE_MS : 0,
  });

  // Publishing, deleting... through this app makes every instance's cached guest pages stale.
  const unregister = registerGalleryCacheRedis(services.redis);
  app.addHook('onClose', async () => {
    unregister();
  });
  // Deleting an account unpublishes the member's images (services/members); the image services call
  // invalidateGalleryCache() themselves.
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.url === API_PATHS.deleteMember && reply.statusCode < 300) await invalidateGalleryCache();
  });
  const pageCache = useCaches
    ? createGalleryCache(services.redis, { onError: (err) => app.log.warn({ err }, 'gallery cache unavailable') })
    : null;
  app.addHook('onClose', async () => pageCache?.close());

  await app.register(memberEvents, { redis: services.redis });

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(verificationRoutes);
  await app.register(memberRoutes);
  await app.register(supportRoutes);
  await app.register(imageRoutes);
  await app.register(imageActionRoutes);
  await app.register(likedImageRoutes);
  await app.register(galleryRoutes, { pageCache });
  await app.register(adRoutes);
  await app.register(paymentRoutes);
  await app.register(walletRoutes);
  await app.register(adminRoutes);

  await app.register(webApp, { distDir: config.WEB_DIST_DIR, enabled: config.SERVE_WEB });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
