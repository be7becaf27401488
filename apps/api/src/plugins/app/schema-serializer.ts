import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type Serializer = (data: unknown) => string;

const compiled = new WeakMap<object, Serializer>();

/**
 * A route-level serializer compiler for hot routes: the contract's zod response schema becomes its
 * JSON schema (z.toJSONSchema, output side) once, and fast-json-stringify writes the responses, as
 * Fastify does for any JSON-schema route. The zod schema stays on the route, so the request is still
 * validated by zod and the OpenAPI document is unchanged. Unlike the zod serializer it does not check
 * the response: the services build these bodies from typed rows (TImage), and the contract tests
 * cover the shapes.
 */
export function jsonSchemaSerializerCompiler({ schema }: { schema: unknown }): Serializer {
  if (!(schema instanceof z.ZodType)) throw new Error('jsonSchemaSerializerCompiler expects a zod schema');
  let serializer = compiled.get(schema);
  if (!serializer) {
    const { $schema: _draft, ...jsonSchema } = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'any',
    });
    serializer = fastJson(jsonSchema as Parameters<typeof fastJson>[0]) as Serializer;
    compiled.set(schema, serializer);
  }
  return serializer;
}
