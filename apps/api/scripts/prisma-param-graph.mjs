#!/usr/bin/env node
// Runs after `prisma generate` (apps/api `db:generate`): renumbers the strings of the generated client's
// parameterization graph so that every string index in the graph is at least STRING_OFFSET.
//
// Why: Prisma's runtime turns each of the graph's ~1,700 nodes into `{ edges: {} }` keyed by string
// indices (field names), `edges[index] = edge`. With indices below ~600, V8 gives each such object a
// fast elements store as long as its largest index plus half (~3.5 KB a node: 5.4 MiB of the API's
// heap, and as much in the worker, for a few edges each). V8 keeps an object's first element at an
// index 1,024 or more past its capacity in a dictionary instead (JSObject::kMaxGap), which for a few
// edges is a few hundred bytes; with every index past 2,048 a node stays a dictionary up to ~170
// edges. The runtime only ever looks strings up by name (root, inputEdge, outputEdge, enumValues), so
// the same renumbering in `strings` and in the graph keeps every lookup's answer.
// docs/performance.md ("Prisma's parameterization graph renumbered") has the figures.
//
// The graph is Prisma 7's binary format (base64url): three counts, the input nodes (per edge: string
// index, u16 scalar mask, child node + 1, enum name index + 1, u8 flags), the output nodes (per edge:
// string index, args node + 1, output node + 1), the roots (string index, args node + 1, output node + 1);
// counts and indices as LEB128 varints. When the generated client no longer has that shape, or the
// bytes do not decode to exactly that, this fails and says so.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The first string index the graph uses after renumbering (see above for why 2,048). */
export const STRING_OFFSET = 2048;

const MARKER = '/* strings renumbered by apps/api/scripts/prisma-param-graph.mjs */';

function reader(bytes) {
  let at = 0;
  const varint = () => {
    let value = 0;
    let shift = 0;
    let byte;
    do {
      if (at >= bytes.length) throw new Error('the graph ends inside a number');
      byte = bytes[at++];
      value += (byte & 127) * 2 ** shift;
      shift += 7;
    } while (byte >= 128);
    return value;
  };
  const optional = () => {
    const value = varint();
    return value === 0 ? undefined : value - 1;
  };
  const u8 = () => {
    if (at >= bytes.length) throw new Error('the graph ends inside a flag');
    return bytes[at++];
  };
  const u16 = () => {
    if (at + 2 > bytes.length) throw new Error('the graph ends inside a scalar mask');
    const value = bytes[at] | (bytes[at + 1] << 8);
    at += 2;
    return value;
  };
  return { varint, optional, u8, u16, done: () => at === bytes.length };
}

function writer() {
  const out = [];
  const varint = (value) => {
    let rest = value;
    do {
      let byte = rest % 128;
      rest = Math.floor(rest / 128);
      if (rest > 0) byte |= 128;
      out.push(byte);
    } while (rest > 0);
  };
  return {
    varint,
    optional: (value) => varint(value === undefined ? 0 : value + 1),
    u8: (value) => out.push(value),
    u16: (value) => out.push(value & 255, value >> 8),
    bytes: () => Buffer.from(out),
  };
}

/** The graph as plain data (string indices as they are in the bytes). */
export function decodeGraph(base64url) {
  const r = reader(Buffer.from(base64url, 'base64url'));
  const counts = { input: r.varint(), output: r.varint(), roots: r.varint() };
  const inputNodes = [];
  for (let n = 0; n < counts.input; n++) {
    const edges = [];
    for (let e = r.varint(); e > 0; e--) {
      edges.push({ key: r.varint(), scalarMask: r.u16(), child: r.optional(), enumName: r.optional(), flags: r.u8() });
    }
    inputNodes.push(edges);
  }
  const outputNodes = [];
  for (let n = 0; n < counts.output; n++) {
    const edges = [];
    for (let e = r.varint(); e > 0; e--) edges.push({ key: r.varint(), args: r.optional(), output: r.optional() });
    outputNodes.push(edges);
  }
  const roots = [];
  for (let n = 0; n < counts.roots; n++) roots.push({ key: r.varint(), args: r.optional(), output: r.optional() });
  if (!r.done()) throw new Error('bytes left over after the roots');
  return { inputNodes, outputNodes, roots };
}

export function encodeGraph(graph) {
  const w = writer();
  const link = (edge) => {
    w.varint(edge.key);
    w.optional(edge.args);
    w.optional(edge.output);
  };
  const nodes = (list, edge) => {
    for (const edges of list) {
      w.varint(edges.length);
      edges.forEach(edge);
    }
  };
  w.varint(graph.inputNodes.length);
  w.varint(graph.outputNodes.length);
  w.varint(graph.roots.length);
  nodes(graph.inputNodes, (edge) => {
    w.varint(edge.key);
    w.u16(edge.scalarMask);
    w.optional(edge.child);
    w.optional(edge.enumName);
    w.u8(edge.flags);
  });
  nodes(graph.outputNodes, link);
  graph.roots.forEach(link);
  return w.bytes().toString('base64url');
}

/** Every string index in the graph moved by `offset`. */
export function shiftGraph(graph, offset) {
  const key = (edge) => ({ ...edge, key: edge.key + offset });
  return {
    inputNodes: graph.inputNodes.map((edges) =>
      edges.map((edge) => ({
        ...key(edge),
        enumName: edge.enumName === undefined ? undefined : edge.enumName + offset,
      })),
    ),
    outputNodes: graph.outputNodes.map((edges) => edges.map(key)),
    roots: graph.roots.map(key),
  };
}

/** Every string reference in the graph, resolved to its text (for checking that renumbering kept them). */
export function graphNames(graph, strings) {
  const name = (index) => {
    if (index === undefined) return undefined;
    if (typeof strings[index] !== 'string') throw new Error(`string index ${index} names no string`);
    return strings[index];
  };
  return {
    inputNodes: graph.inputNodes.map((edges) =>
      edges.map((e) => [name(e.key), e.scalarMask, e.child, name(e.enumName), e.flags]),
    ),
    outputNodes: graph.outputNodes.map((edges) => edges.map((e) => [name(e.key), e.args, e.output])),
    roots: graph.roots.map((e) => [name(e.key), e.args, e.output]),
  };
}

// What prisma-client (7.x) generates: the strings as one JSON.parse of a string literal, the graph as
// one base64url string literal; RENUMBERED is the form schemaBlock writes with an offset. Both forms are
// read and written only here (the test goes through readSchema and schemaBlock, and checks that each
// form reads back as written).
const LITERAL = String.raw`("(?:[^"\\]|\\.)*")`;
const GRAPH = String.raw`"([A-Za-z0-9_-]*)"`;
const GENERATED = new RegExp(
  String.raw`\nconfig\.parameterizationSchema = \{\n {2}strings: JSON\.parse\(${LITERAL}\),\n {2}graph: ${GRAPH}\n\}\n`,
);
const RENUMBERED = new RegExp(
  String.raw`\n${MARKER.replace(/[.*/]/g, '\\$&')}\nconfig\.parameterizationSchema = \{\n {2}strings: \[\.\.\.Array\((\d+)\), \.\.\.JSON\.parse\(${LITERAL}\)\],\n {2}graph: ${GRAPH}\n\}\n`,
);

/**
 * The parameterization schema of a generated class.ts, as Prisma writes it (offset 0) or as this
 * script does (offset: the padding before the strings); undefined when the source has neither form.
 */
export function readSchema(source) {
  const renumbered = RENUMBERED.exec(source);
  const generated = renumbered ? undefined : GENERATED.exec(source);
  if (!renumbered && !generated) return undefined;
  const [whole, offset, literal, graph] = renumbered ?? [generated[0], '0', generated[1], generated[2]];
  return { whole, offset: Number(offset), literal, strings: JSON.parse(JSON.parse(literal)), graph };
}

/** The schema's source block: Prisma's own form at offset 0, this script's (marked, padded) form otherwise. */
export function schemaBlock({ offset, literal, graph }) {
  if (offset === 0)
    return `\nconfig.parameterizationSchema = {\n  strings: JSON.parse(${literal}),\n  graph: "${graph}"\n}\n`;
  // The padding is undefined: the runtime maps each name to its index, and no name is undefined.
  return (
    `\n${MARKER}\nconfig.parameterizationSchema = {\n` +
    `  strings: [...Array(${offset}), ...JSON.parse(${literal})],\n` +
    `  graph: "${graph}"\n}\n`
  );
}

/** The generated class.ts source with its parameterization schema renumbered. */
export function renumberSchema(source) {
  if (source.includes(MARKER)) throw new Error('already renumbered: run `prisma generate` first');
  const schema = readSchema(source);
  if (!schema) throw new Error('no `config.parameterizationSchema = { strings: JSON.parse(...), graph: "..." }`');
  const { strings } = schema;
  if (!Array.isArray(strings) || !strings.every((s) => typeof s === 'string'))
    throw new Error('strings is not an array of strings');
  if (strings.length >= STRING_OFFSET)
    throw new Error(`${strings.length} strings: STRING_OFFSET (${STRING_OFFSET}) is too small`);
  const graph = decodeGraph(schema.graph);
  const newGraph = encodeGraph(shiftGraph(graph, STRING_OFFSET));
  const before = JSON.stringify(graphNames(graph, strings));
  const after = JSON.stringify(graphNames(decodeGraph(newGraph), [...Array(STRING_OFFSET), ...strings]));
  if (before !== after) throw new Error('the renumbered graph does not name the same strings');
  const block = schemaBlock({ offset: STRING_OFFSET, literal: schema.literal, graph: newGraph });
  return source.replace(schema.whole, () => block);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const classFile = path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../src/generated/prisma/internal/class.ts',
  );
  try {
    fs.writeFileSync(classFile, renumberSchema(fs.readFileSync(classFile, 'utf8')));
  } catch (error) {
    console.error(
      `[prisma-param-graph] ${path.relative(process.cwd(), classFile)}: ${error instanceof Error ? error.message : error} ` +
        '(Prisma changed its generated client?): update apps/api/scripts/prisma-param-graph.mjs.',
    );
    process.exit(1);
  }
  console.log(`[prisma-param-graph] the parameterization graph's strings start at index ${STRING_OFFSET}`);
}
