import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zNonBlank, zText } from './common.ts';
import { ZCreateQnaRequest } from './support/create-qna.ts';
import { hasRefusedControlCharacters } from './text.ts';

const SRC = import.meta.dirname;

/** Values a client could send with a control character in them. */
const SAMPLES = ['ab\u0000cd', 'general\u0000', 'a\u0000@example.com', 'Ab!12345\u0007', '\u009B1'];

type AnySchema = z.ZodType & { def?: object; shape?: Record<string, z.ZodType> };

/** The fields of a request schema: an object's shape, through pipes and unions. */
function fieldsOf(schema: AnySchema): Array<[string, z.ZodType]> {
  if (schema.shape) return Object.entries(schema.shape);
  const def = (schema.def ?? {}) as { in?: unknown; options?: unknown };
  if (def.in) return fieldsOf(def.in as AnySchema);
  if (Array.isArray(def.options)) return (def.options as AnySchema[]).flatMap(fieldsOf);
  return [];
}

function holdsRefused(value: unknown): boolean {
  if (typeof value === 'string') return hasRefusedControlCharacters(value);
  if (Array.isArray(value)) return value.some(holdsRefused);
  if (value && typeof value === 'object') return Object.values(value).some(holdsRefused);
  return false;
}

/** Fields that take one of the samples with its control character intact. */
function acceptingFields(name: string, schema: AnySchema): string[] {
  const accepting: string[] = [];
  for (const [field, fieldSchema] of fieldsOf(schema)) {
    for (const sample of SAMPLES) {
      const result = fieldSchema.safeParse(sample);
      if (result.success && holdsRefused(result.data)) {
        accepting.push(`${name}.${field} <- ${JSON.stringify(sample)}`);
        break;
      }
    }
  }
  return accepting;
}

/** Every request, params and query schema exported by the contracts. */
async function requestSchemas(): Promise<Array<[string, AnySchema]>> {
  const files = (fs.readdirSync(SRC, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .sort();
  const schemas: Array<[string, AnySchema]> = [];
  for (const file of files) {
    const module = (await import(path.join(SRC, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (file === 'index.ts') continue;
      if (!/^Z\w*(Request|Params|Query)$/.test(name)) continue;
      if (value instanceof z.ZodType) schemas.push([`${file}:${name}`, value as AnySchema]);
    }
  }
  return schemas;
}

describe('control characters in text fields', () => {
  it('every string field of every request, params and query schema refuses them or strips them', async () => {
    const schemas = await requestSchemas();
    expect(schemas.length).toBeGreaterThan(30);
    const accepting = schemas.flatMap(([name, schema]) => acceptingFields(name, schema));
    expect(accepting).toEqual([]);
  });

  it('the check itself finds a plain string field', () => {
    expect(acceptingFields('probe', z.object({ note: z.string() }) as AnySchema)).toContain(
      'probe.note <- "ab\\u0000cd"',
    );
  });

  it('a NUL in contents is a 400-worthy issue naming the field', () => {
    const result = ZCreateQnaRequest.safeParse({ board_cd: 'QNA', board_title: 'general', contents: 'hi\u0000there' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['contents'],
      message: 'contents must not contain control characters',
    });
  });

  it('tab, line feed and carriage return are ordinary text', () => {
    expect(zNonBlank('contents', 100).safeParse('line one\r\n\tline two').success).toBe(true);
  });

  it('refuses C0, DEL and C1 controls', () => {
    for (const c of ['\u0000', '\u0001', '\u000B', '\u001B', '\u007F', '\u0085', '\u009F']) {
      expect(zText('note').safeParse(`a${c}b`).success, JSON.stringify(c)).toBe(false);
    }
  });

  it('a field that opts out (the prompt, which the sanitiser strips) takes them', () => {
    expect(zText('prompt', { controlCharacters: 'allow' }).safeParse('a\u0000b').success).toBe(true);
  });
});
