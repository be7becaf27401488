// The request examples the OpenAPI document shows (`.meta({ example })`, docs/api.md) must be bodies
// the API accepts: each one is parsed with its own schema, so an example cannot drift from the rules.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index.ts';

const withExamples = Object.entries(contracts as Record<string, unknown>).flatMap(([name, value]) => {
  if (!(value instanceof z.ZodType)) return [];
  const example = (z.globalRegistry.get(value) as { example?: unknown } | undefined)?.example;
  return example === undefined ? [] : [[name, value, example] as const];
});

describe('request examples of the API document', () => {
  it('cover the main request bodies', () => {
    const names = withExamples.map(([name]) => name);
    for (const name of ['ZSelfLoginRequest', 'ZRegisterRequest', 'ZMakeImagesRequest', 'ZCreateQnaRequest']) {
      expect(names).toContain(name);
    }
  });

  it.each(withExamples.map(([name, schema, example]) => [name, schema, example]))(
    '%s: its example is a valid body',
    (_name, schema, example) => {
      const result = (schema as z.ZodType).safeParse(example);
      expect(result.error?.issues ?? []).toEqual([]);
    },
  );
});
