import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from '../../errors.ts';

interface ErrorBody {
  status: 'error';
  message: string;
  field?: string;
}

function fieldMessage(field: string | undefined, message: string): string {
  if (!field || message.includes(field)) return message;
  return `${field}: ${message}`;
}

function fromZodIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): ErrorBody {
  const first = issues[0];
  const field = first && first.path.length > 0 ? first.path.map(String).join('.') : undefined;
  return {
    status: 'error',
    message: fieldMessage(field, first?.message ?? 'Invalid request'),
    ...(field ? { field } : {}),
  };
}

/** The request body limit (app.ts bodyLimit), named in the 413 message. */
export const BODY_LIMIT_BYTES = 256 * 1024;
/** Longest path parameter the router passes on; a longer one never matches a route. */
export const MAX_PARAM_LENGTH = 1024;

/**
 * Our own words for Fastify's client errors (its messages name internals, e.g. content-type parsers).
 * Every one is a 4xx with the product's error body.
 */
const FRAMEWORK_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    message: `Request body is too large (at most ${BODY_LIMIT_BYTES / 1024} KB)`,
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: 'Unsupported content type: send application/json',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    message: 'Request body is empty: send a JSON object',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Request body is not valid JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: 'Content-Length does not match the request body',
  },
  FST_ERR_BAD_URL: { status: 400, message: 'The URL is not valid (bad %-encoding)' },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 400,
    message: `A path parameter is too long (at most ${MAX_PARAM_LENGTH} characters)`,
  },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, message: 'The request does not match any route' },
};

/**
 * Fastify's `frameworkErrors` option: the errors its router raises before any hook or the error
 * handler runs (bad %-encoding in the path, a too long path parameter). They get the product's error
 * body and the security headers like every other response.
 */
export function frameworkErrorReply(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = error.code ? FRAMEWORK_CLIENT_ERRORS[error.code] : undefined;
  const status = known?.status ?? (error.statusCode && error.statusCode < 500 ? error.statusCode : 400);
  const body: ErrorBody = { status: 'error', message: known?.message ?? 'Bad request' };
  const headers = (request.server as Partial<FastifyInstance>).securityHeaders;
  if (headers) reply.headers(headers);
  return reply.code(status).send(body);
}

/**
 * One error handler for the whole API: validation problems become 400 with a message naming the
 * field, deliberate AppErrors keep their status, anything else is a 500 whose details stay in the log
 * (a stack trace never reaches a client).
 */
export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((err: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(err)) {
        const first = err.validation[0];
        const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
        const body: ErrorBody = {
          status: 'error',
          message: fieldMessage(field, first?.message ?? 'Invalid request'),
          ...(field ? { field } : {}),
        };
        return reply.code(400).send(body);
      }
      if (err instanceof ZodError) {
        return reply.code(400).send(fromZodIssues(err.issues));
      }
      if (err instanceof AppError) {
        const body: ErrorBody = { status: 'error', message: err.message, ...(err.field ? { field: err.field } : {}) };
        return reply.code(err.statusCode).headers(err.headers).send(body);
      }
      if (isResponseSerializationError(err)) {
        request.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
        return reply.code(500).send({ status: 'error', message: 'Internal server error' });
      }
      const statusCode = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
      if (statusCode >= 500) {
        request.log.error({ err }, 'request failed');
        return reply.code(statusCode).send({ status: 'error', message: 'Internal server error' });
      }
      // Fastify's own client errors (bad JSON, body too large, unsupported media type) in our words.
      const known = err.code ? FRAMEWORK_CLIENT_ERRORS[err.code] : undefined;
      if (known) return reply.code(known.status).send({ status: 'error', message: known.message });
      // A client error from lib/ (which cannot import AppError) may name its field too (lib/console-cursor.ts).
      const field = (err as { field?: unknown }).field;
      return reply
        .code(statusCode)
        .send({ status: 'error', message: err.message, ...(typeof field === 'string' ? { field } : {}) });
    });
  },
  { name: 'error-handler' },
);
