import sensible from '@fastify/sensible';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import authPlugin from './plugins/app/auth.ts';
import errorHandler from './plugins/app/error-handler.ts';
import memberEvents from './plugins/app/member-events.ts';
import servicesPlugin, { type AppServices } from './plugins/app/services.ts';
import webApp from './plugins/app/web-app.ts';
import swagger from './plugins/external/swagger.ts';
import adminRoutes from './routes/admin/index.ts';
import adminSafetyRoutes from './routes/admin/safety.ts';
import adRoutes from './routes/ads/index.ts';
import authRoutes from './routes/auth/index.ts';
import imageRoutes from './routes/images/index.ts';
import imageActionRoutes from './routes/images/actions.ts';
import galleryRoutes from './routes/galleries/index.ts';
import memberRoutes from './routes/members/index.ts';
import paymentRoutes from './routes/payments/index.ts';
import supportRoutes from './routes/support/index.ts';
import systemRoutes from './routes/system/index.ts';
import walletRoutes from './routes/wallet/index.ts';
import { findActiveMember } from './repositories/member.repository.ts';

export interface BuildAppOptions {
  services: AppServices;
  logger?: FastifyServerOptions['logger'];
}

/**
 * Builds the Fastify app: external plugins, then app plugins, then routes (the Fastify demo's order).
 * It does not listen: server.ts does, and tests use app.inject().
 */
export async function buildApp({ services, logger }: BuildAppOptions) {
  const { config } = services;
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    // A generation prompt or a support message is small; anything bigger is a mistake or abuse.
    bodyLimit: 256 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(sensible);
  await app.register(swagger);

  await app.register(servicesPlugin, { services });
  await app.register(errorHandler);
  await app.register(authPlugin, {
    secret: config.JWT_SECRET,
    expiresIn: config.JWT_EXPIRES_IN,
    findActiveMember: (memberId) => findActiveMember(services.db, memberId),
  });

  await app.register(memberEvents, { redis: services.redis });

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(memberRoutes);
  await app.register(supportRoutes);
  await app.register(imageRoutes);
  await app.register(imageActionRoutes);
  await app.register(galleryRoutes);
  await app.register(adRoutes);
  await app.register(paymentRoutes);
  await app.register(walletRoutes);
  await app.register(adminRoutes);
  await app.register(adminSafetyRoutes);

  await app.register(webApp, { distDir: config.WEB_DIST_DIR, enabled: config.SERVE_WEB });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
