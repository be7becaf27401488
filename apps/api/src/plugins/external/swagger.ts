import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the contracts' zod schemas of every route; browsable at /docs. */
export default fp(
  async function swagger(app: FastifyInstance) {
    await app.register(fastifySwagger, {
      openapi: {
        info: {
          title: 'Velvet API',
          description: 'Adults-only AI image generation: accounts, generation, galleries, payments.',
          version: '0.1.0',
        },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
  },
  { name: 'swagger' },
);
