import { ZErrorResponse } from '@velvet/contracts/common';
import { ZListImagesResponse, type TListImagesResponse } from '@velvet/contracts/galleries/list-images';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { jsonSchemaSerializerCompiler } from './schema-serializer.ts';

const image = (n: number, complete: boolean) => ({
  image_id: `${'a'.repeat(31)}${n}001`,
  prompt: 'a lighthouse "in" the fog \u2028 \\ </script>',
  prompts: 'a lighthouse "in" the fog \u2028 \\ </script>',
  run_type: 'Hyper Anime' as const,
  run_style: 'Free' as const,
  run_ratio: 'Square' as const,
  strength: 0.5,
  status: complete ? ('complete' as const) : ('processing' as const),
  is_open: 'Y' as const,
  is_claim: 'N' as const,
  is_delete: 'N' as const,
  is_liked: 'N' as const,
  like_cnt: n,
  view_cnt: n * 3,
  run_dt: new Date(Date.UTC(2026, 0, n + 1)).toISOString(),
  img_path: complete ? `images/${n}.webp` : null,
  imageUrl: complete ? `/api/v1/image/thumb/${n}` : null,
  imageDetailUrl: complete ? `/api/v1/image/detail/${n}` : null,
});

const compile = (compiler: unknown, schema: unknown) =>
  (compiler as (route: { schema: unknown; method: string; url: string }) => (data: unknown) => string)({
    schema,
    method: 'GET',
    url: '/',
  });

describe('jsonSchemaSerializerCompiler', () => {
  // Same fields and values; fast-json-stringify writes an object's required properties before its
  // optional ones, so only the order of keys inside an image may differ (no JSON client depends on it).
  it('writes what the zod serializer writes for a gallery page', () => {
    const page: TListImagesResponse = {
      list: [image(1, true), image(2, false), { ...image(3, true), prompts: undefined, img_path: undefined }],
      total_count: 3,
      next_cursor: null,
    };
    const viaZod = compile(serializerCompiler, ZListImagesResponse)(page);
    const viaSchema = compile(jsonSchemaSerializerCompiler, ZListImagesResponse)(page);
    expect(JSON.parse(viaSchema)).toStrictEqual(JSON.parse(viaZod));
    expect(JSON.parse(viaSchema)).toStrictEqual(JSON.parse(JSON.stringify(page)));
    expect(viaSchema.length).toBe(viaZod.length);
    // An absent optional field stays absent (not null), as with zod.
    expect(Object.keys(JSON.parse(viaSchema).list[2])).not.toContain('img_path');
  });

  it('drops properties the contract does not have, like zod', () => {
    const body = { status: 'error', message: 'nope', secret: 'internal' };
    const viaSchema = compile(jsonSchemaSerializerCompiler, ZErrorResponse)(body);
    expect(viaSchema).toBe(compile(serializerCompiler, ZErrorResponse)(body));
    expect(JSON.parse(viaSchema)).toEqual({ status: 'error', message: 'nope' });
  });

  it('compiles each schema once', () => {
    expect(compile(jsonSchemaSerializerCompiler, ZErrorResponse)).toBe(
      compile(jsonSchemaSerializerCompiler, ZErrorResponse),
    );
  });
});
