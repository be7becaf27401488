import type { FastifyError, FastifyInstance } from 'fastify';
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
      // Fastify's own client errors (bad JSON, body too large, unsupported media type, rate limit).
      return reply.code(statusCode).send({ status: 'error', message: err.message });
    });
  },
  { name: 'error-handler' },
);
