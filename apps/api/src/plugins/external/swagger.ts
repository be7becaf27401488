import fs from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ZErrorResponse } from '@velvet/contracts/common';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The version clients see in `info`: the API package's own. */
const API_VERSION = (
  JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** One tag per domain; every route's `tags` names one of these (the OpenAPI test checks it). */
export const API_TAGS = [
  { name: 'auth', description: 'Sign-in (password, Google), registration, email verification, password reset.' },
  { name: 'members', description: 'The signed-in member: profile, nickname, account deletion.' },
  {
    name: 'images',
    description: 'Generation, image status and files, and per-image actions (like, publish, claim...).',
  },
  { name: 'galleries', description: 'Explore (published images), My Collections and Liked Contents.' },
  {
    name: 'payments',
    description: 'Card payments: settings, payment intents, hosted checkout, the processor webhook.',
  },
  { name: 'wallet', description: 'Crypto payments: the rate, a deposit address, a deposit’s status.' },
  { name: 'support', description: 'Support requests (QNA) from members.' },
  { name: 'ads', description: 'Ad zones configured for this deployment.' },
  {
    name: 'admin',
    description:
      'The support console: support requests, claims, reports, deposits, payments, queues, members, the audit ' +
      'log. Support and admins (grants and role changes: admins only).',
  },
  { name: 'safety', description: 'The safety desk: mutes, the safety log, picture holds, escalations. Admins only.' },
  { name: 'system', description: 'Liveness and readiness probes.' },
] as const;

/** The description of each status when the route's schema gives none. */
const RESPONSE_DESCRIPTIONS: Record<string, string> = {
  200: 'Success',
  400: 'Invalid input: `message` says what is wrong, `field` names the field when there is one',
  401: 'No valid session: the token is missing, malformed, expired or revoked, or the member is gone',
  402: 'The payment did not go through',
  403: 'Refused: the caller may not do this (an administrator route, or a refused sign-in)',
  404: 'Not found, or not visible to the caller',
  409: 'Conflicts with the current state (already done, or no longer possible)',
  429: 'Too many attempts: wait before trying again',
  503: 'A service this call needs is unavailable: try again later',
};

/**
 * A response that is not JSON (a WebP, an event stream), for a route's `response`: documented with its
 * real content type. Fastify sends Buffers and hijacked streams as they are, so this never serialises.
 */
export function mediaResponse(contentType: string, description: string, schema: z.ZodType = z.string()) {
  return { description, content: { [contentType]: { schema } } };
}

/** A stored WebP; its ETag answers a matching If-None-Match with 304 and no body. */
export const webpResponse = (description: string) =>
  mediaResponse(
    'image/webp',
    `${description}. Sent with an ETag: If-None-Match answers 304 Not Modified.`,
    z.string().meta({ format: 'binary' }),
  );

/** How a route is guarded, read from the auth plugin's hooks on the route (plugins/app/auth.ts). */
export type RouteAccess = 'admin' | 'member' | 'optional' | 'public';

type Guards = Pick<FastifyInstance, 'authenticate' | 'identify' | 'requireAdmin' | 'requireSupport'>;

export function routeAccess(route: Pick<RouteOptions, 'onRequest'>, guards: Guards): RouteAccess {
  const hooks: unknown[] = route.onRequest
    ? Array.isArray(route.onRequest)
      ? route.onRequest
      : [route.onRequest]
    : [];
  // Both console guards answer 403 to a member (the support console, routes/admin/).
  if (hooks.includes(guards.requireAdmin) || hooks.includes(guards.requireSupport)) return 'admin';
  if (hooks.includes(guards.authenticate)) return 'member';
  if (hooks.includes(guards.identify)) return 'optional';
  return 'public';
}

const SECURITY: Record<RouteAccess, Array<Record<string, string[]>>> = {
  admin: [{ bearerAuth: [] }],
  member: [{ bearerAuth: [] }],
  // A guest (no Authorization header) or a member; a bad token is still a 401.
  optional: [{}, { bearerAuth: [] }],
  public: [],
};

const errorBody = (status: number) => ({
  description: RESPONSE_DESCRIPTIONS[status],
  content: { 'application/json': { schema: ZErrorResponse } },
});

/**
 * The error answers every route of a kind gives, from the code rather than from each route: 400 when
 * it validates input (the error handler), 401 when a guard reads a token, 403 from requireAdmin.
 * A route's own declaration of a status wins.
 */
function derivedErrors(schema: FastifySchema, access: RouteAccess): Record<number, ReturnType<typeof errorBody>> {
  const errors: Record<number, ReturnType<typeof errorBody>> = {};
  if (schema.body || schema.querystring || schema.params || schema.headers) errors[400] = errorBody(400);
  if (access !== 'public') errors[401] = errorBody(401);
  if (access === 'admin') errors[403] = errorBody(403);
  return errors;
}

/** Marks an operation that cannot answer a 4xx (see redocly.yaml). */
export const NO_CLIENT_ERRORS = 'x-no-client-errors';

/** The product's error body, named once in `components` and referenced by every error response. */
const ERROR_SCHEMA_NAME = 'ErrorResponse';

interface OpenApiDocument {
  paths?: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>
  >;
  components?: { schemas?: Record<string, unknown> };
}

/** Every inline copy of the error body under the responses becomes a $ref to one named schema. */
export function referenceErrorBody<D extends OpenApiDocument>(document: D): D {
  const errorSchema = z.toJSONSchema(ZErrorResponse, { target: 'openapi-3.0', io: 'output' }) as Record<
    string,
    unknown
  >;
  delete errorSchema.$schema;
  const ref = { $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` };
  let used = false;
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const response of Object.values(operation.responses ?? {})) {
        for (const media of Object.values(response.content ?? {})) {
          if (isDeepStrictEqual(media.schema, errorSchema)) {
            media.schema = ref;
            used = true;
          }
        }
      }
    }
  }
  if (!used) return document;
  const description =
    "The product's error body: `message` is shown to the member as is; `field` names the input at fault.";
  return {
    ...document,
    components: {
      ...document.components,
      schemas: { ...document.components?.schemas, [ERROR_SCHEMA_NAME]: { ...errorSchema, description } },
    },
  };
}

type TransformInput = Parameters<SwaggerTransform>[0];

export interface SwaggerOptions {
  /** The deployment's public URL (config PUBLIC_URL): the document's server; a relative `/` without it. */
  publicUrl?: string;
}

/** OpenAPI generated from the contracts' zod schemas of every route; browsable at /docs (docs/api.md). */
export default fp<SwaggerOptions>(
  async function swagger(app: FastifyInstance, opts) {
    /** zod -> JSON Schema (fastify-type-provider-zod), plus what the route's guards and inputs imply. */
    const transform = (document: TransformInput) => {
      const { schema, route } = document;
      if (!schema || (schema as { hide?: boolean }).hide) return jsonSchemaTransform(document);
      if ('security' in schema) {
        // One rule: security comes from the guard, so a route's own declaration could only disagree.
        throw new Error(`${route.method} ${route.url}: declare the guard (onRequest), not schema.security`);
      }
      const access = routeAccess(route, app);
      const response = { ...derivedErrors(schema, access), ...(schema.response as object | undefined) };
      const result = jsonSchemaTransform({ ...document, schema: { ...schema, response } });
      const out = result.schema as Record<string, unknown> & { response: Record<string, Record<string, unknown>> };
      out.security = SECURITY[access];
      if (!Object.keys(out.response).some((status) => status.startsWith('4'))) {
        // Nothing to validate, no guard, no error of its own: no 4xx exists to document. redocly.yaml
        // exempts exactly these operations from the 4xx rule.
        out[NO_CLIENT_ERRORS] = true;
      }
      for (const [status, body] of Object.entries(out.response)) {
        // A bare JSON schema becomes a described application/json response.
        if (!('content' in body)) {
          out.response[status] = {
            description: RESPONSE_DESCRIPTIONS[status] ?? 'Success',
            content: { 'application/json': { schema: body } },
          };
        }
      }
      return result;
    };

    await app.register(fastifySwagger, {
      openapi: {
        info: {
          title: 'Velvet API',
          description:
            'Adults-only (18+) AI image generation: accounts, generation, galleries, card and crypto payments, ' +
            'support. Errors answer `{ status: "error", message, field? }` with a 4xx or 5xx status.',
          version: API_VERSION,
          // Not open source: use of the API is governed by the product's Terms & Conditions (/terms).
          license: {
            name: 'Proprietary: Velvet Terms & Conditions (/terms)',
            // Relative to the server, like `servers` when PUBLIC_URL is unset.
            url: `${opts.publicUrl ? opts.publicUrl.replace(/\/+$/, '') : ''}/terms`,
          },
        },
        servers: [{ url: opts.publicUrl ? opts.publicUrl.replace(/\/+$/, '') : '/' }],
        tags: API_TAGS.map((tag) => ({ ...tag })),
        components: {
          securitySchemes: {
            bearerAuth: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description:
                'The session token (a JWT) from sign-in or registration, sent as `Authorization: Bearer <token>`. ' +
                'Every authenticated operation also accepts the raw token as the header value, ' +
                "`Authorization: <token>` without the scheme, as a few of the product spec's calls send it (the " +
                'wallet rate query among them); generated clients send the Bearer form.',
            },
          },
        },
      },
      // Paths are documented whole: a PUBLIC_URL with a path is not a prefix of the routes.
      stripBasePath: false,
      transform,
      transformObject: (documentObject) => {
        if (!('openapiObject' in documentObject)) throw new Error('swagger: only the OpenAPI 3 document is built');
        return referenceErrorBody(
          documentObject.openapiObject as OpenApiDocument,
        ) as typeof documentObject.openapiObject;
      },
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
  },
  { name: 'swagger' },
);
