// Types for the test of scripts/prisma-param-graph.mjs (src/db/param-graph.test.ts).
export interface InputEdge {
  key: number;
  scalarMask: number;
  child: number | undefined;
  enumName: number | undefined;
  flags: number;
}
export interface OutputEdge {
  key: number;
  args: number | undefined;
  output: number | undefined;
}
export interface Graph {
  inputNodes: InputEdge[][];
  outputNodes: OutputEdge[][];
  roots: OutputEdge[];
}
export const STRING_OFFSET: number;
export function decodeGraph(base64url: string): Graph;
export function encodeGraph(graph: Graph): string;
export function shiftGraph(graph: Graph, offset: number): Graph;
export function graphNames(graph: Graph, strings: readonly (string | undefined)[]): unknown;
export function renumberSchema(source: string): string;
export interface Schema {
  whole: string;
  offset: number;
  literal: string;
  strings: unknown;
  graph: string;
}
export function readSchema(source: string): Schema | undefined;
export function schemaBlock(schema: { offset: number; literal: string; graph: string }): string;
