// The generated Prisma client's parameterization graph has its strings renumbered from index 2,048
// (apps/api/scripts/prisma-param-graph.mjs, run by `db:generate`), so that V8 keeps each of its ~1,700
// nodes' edges in a small dictionary instead of an elements store as long as the largest field index:
// ~3.8 MiB less heap per client, in the API and in the worker (docs/performance.md). That the client
// still finds every field, every integration test shows: each of their queries is parameterized
// through this graph.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  decodeGraph,
  encodeGraph,
  graphNames,
  readSchema,
  renumberSchema,
  schemaBlock,
  shiftGraph,
  STRING_OFFSET,
} from '../../scripts/prisma-param-graph.mjs';

const INTERNAL = decodeURIComponent(new URL('../generated/prisma/internal/', import.meta.url).pathname);
const CLASS_FILE = path.join(INTERNAL, 'class.ts');
const source = fs.readFileSync(CLASS_FILE, 'utf8');

function generatedSchema() {
  const schema = readSchema(source);
  if (!schema || schema.offset === 0)
    throw new Error('class.ts has no renumbered parameterization schema (run `pnpm --filter @velvet/api db:generate`)');
  return { ...schema, names: schema.strings as string[] };
}

/** The schema as Prisma generated it: string indices from 0 (the test's reference, never written to src/). */
function originalNumbering() {
  const schema = generatedSchema();
  const graph = encodeGraph(shiftGraph(decodeGraph(schema.graph), -schema.offset));
  return source.replace(schema.whole, () => schemaBlock({ offset: 0, literal: schema.literal, graph }));
}

describe("the generated client's parameterization graph", () => {
  it('names its strings from index 2,048, each index a real string, the padding empty', () => {
    const { offset, names, graph } = generatedSchema();
    expect(offset).toBe(STRING_OFFSET);
    const decoded = decodeGraph(graph);
    const indices = [
      ...decoded.inputNodes.flat().flatMap((e) => (e.enumName === undefined ? [e.key] : [e.key, e.enumName])),
      ...decoded.outputNodes.flat().map((e) => e.key),
      ...decoded.roots.map((e) => e.key),
    ];
    expect(indices.length).toBeGreaterThan(1000);
    expect(Math.min(...indices)).toBeGreaterThanOrEqual(STRING_OFFSET);
    expect(Math.max(...indices)).toBeLessThan(STRING_OFFSET + names.length);
    // Every model's operations are roots by name (the runtime looks them up as `Model.action`).
    const roots = new Set(decoded.roots.map((e) => names[e.key - STRING_OFFSET]));
    expect(roots.has('Image.findMany')).toBe(true);
    expect(roots.has('Member.findUnique')).toBe(true);
  });

  it('decodes and encodes to the same bytes (the script writes the format Prisma reads)', () => {
    const renumbered = generatedSchema();
    const { graph } = renumbered;
    expect(encodeGraph(decodeGraph(graph))).toBe(graph);
    // Both source forms read back as they were written: Prisma's (offset 0) and the script's.
    const original = readSchema(originalNumbering())!;
    expect(original.offset).toBe(0);
    expect(schemaBlock(original)).toBe(original.whole);
    expect(encodeGraph(shiftGraph(decodeGraph(original.graph), STRING_OFFSET))).toBe(graph);
    expect(schemaBlock(renumbered)).toBe(renumbered.whole);
  });

  it('renumbering keeps every name the graph refers to', () => {
    const reference = originalNumbering();
    const renumbered = renumberSchema(reference);
    const graphOf = (text: string) => readSchema(text)!.graph;
    const { names } = generatedSchema();
    expect(graphNames(decodeGraph(graphOf(renumbered)), [...Array<undefined>(STRING_OFFSET), ...names])).toEqual(
      graphNames(decodeGraph(graphOf(reference)), names),
    );
    expect(renumbered).toBe(source); // what db:generate wrote is this very renumbering
  });

  it('refuses a client it does not know: renumbered already, no schema, or bytes it cannot read', () => {
    expect(() => renumberSchema(source)).toThrow(/already renumbered/);
    expect(() => renumberSchema('const config = {}\n')).toThrow(/no `config\.parameterizationSchema/);
    const reference = originalNumbering();
    const { graph } = readSchema(reference)!;
    const extra = Buffer.concat([Buffer.from(graph, 'base64url'), Buffer.from([0])]).toString('base64url');
    expect(() => renumberSchema(reference.replace(graph, extra))).toThrow(/bytes left over/);
    const cut = Buffer.from(graph, 'base64url').subarray(0, 1000).toString('base64url');
    expect(() => renumberSchema(reference.replace(graph, cut))).toThrow(/the graph ends/);
  });

  describe('heap of a client (child processes, forced collections)', () => {
    const variant = path.join(INTERNAL, '.class-original-numbering.test-tmp.ts');
    const probe = path.join(INTERNAL, '.param-graph-heap.test-tmp.ts');
    afterAll(() => {
      fs.rmSync(variant, { force: true });
      fs.rmSync(probe, { force: true });
    });

    it('is less than half of what the same client takes with the strings as Prisma numbers them', () => {
      fs.writeFileSync(variant, originalNumbering());
      fs.writeFileSync(
        probe,
        [
          "import { PrismaPg } from '@prisma/adapter-pg';",
          'const gc = (globalThis as { gc?: () => void }).gc!;',
          'const heap = () => { gc(); gc(); return process.memoryUsage().heapUsed; };',
          "const url = 'postgresql://nobody@127.0.0.1:1/none'; // never connected: the graph is read when a client is made",
          'const { getPrismaClientClass } = await import(process.argv[2]!);',
          'const Client = getPrismaClientClass();',
          'const keep: unknown[] = [new Client({ adapter: new PrismaPg({ connectionString: url }) })];',
          'const before = heap();',
          'for (let i = 0; i < 3; i++) keep.push(new Client({ adapter: new PrismaPg({ connectionString: url }) }));',
          'console.log(JSON.stringify({ perClient: (heap() - before) / 3, clients: keep.length }));',
        ].join('\n'),
      );
      const perClient = (classFile: string) => {
        const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', probe, classFile], {
          cwd: INTERNAL,
          encoding: 'utf8',
        });
        return (JSON.parse(out.trim().split('\n').at(-1)!) as { perClient: number }).perClient;
      };
      const renumbered = perClient(CLASS_FILE);
      const asGenerated = perClient(variant);
      expect(asGenerated).toBeGreaterThan(2 * 1024 * 1024); // the reference really holds the elements stores
      expect(renumbered).toBeLessThan(asGenerated / 2);
    }, 60_000);
  });
});
