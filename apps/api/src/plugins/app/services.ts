import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppServices } from '../../bootstrap/app-services.ts';

// Only decorates Fastify with the services the composition root built (bootstrap/create-services.ts);
// routes read them as app.services. Nothing below a route imports this file.

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

export default fp<{ services: AppServices }>(
  async function services(app: FastifyInstance, opts) {
    app.decorate('services', opts.services);
  },
  { name: 'services' },
);
