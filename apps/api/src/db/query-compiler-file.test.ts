// The generated Prisma client loads its query compiler from a .wasm file, not from Prisma's base64
// string module, which the API and the worker otherwise kept in their heaps twice, ~9 MiB
// (apps/api/scripts/prisma-wasm-file.mjs, run by `db:generate`; docs/performance.md). That the client
// works with it, every integration test shows: each of their queries goes through this compiler.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

const INTERNAL = new URL('../generated/prisma/internal/', import.meta.url);

describe('the query compiler of the generated client', () => {
  const source = fs.readFileSync(new URL('class.ts', INTERNAL), 'utf8');

  it('is read from a .wasm file beside the client, never from the base64 module', () => {
    // (Booleans and the loader alone: the generated file is 200 kB, too much for a failure message.)
    expect(source.includes('wasm-base64')).toBe(false);
    const loader = /getQueryCompilerWasmModule: async \(\) => \{[\s\S]*?\n {2}\},/.exec(source)?.[0] ?? '(no loader)';
    expect(loader).toMatch(/readFile\(new URL\('\.\/[\w.]+\.wasm', import\.meta\.url\)\)/);
  });

  it('is the very module the installed @prisma/client ships (not a stale copy)', async () => {
    const name = /new URL\('\.\/([\w.]+)\.wasm'/.exec(source)![1]!;
    const file = fs.readFileSync(new URL(`${name}.wasm`, INTERNAL));
    // The generated runtime import names the same build (query_compiler_<build>_bg.<provider>).
    expect(source.includes(`import("@prisma/client/runtime/${name}.mjs")`)).toBe(true);
    const shipped = `@prisma/client/runtime/${name}.wasm-base64.mjs`;
    const { wasm } = (await import(shipped)) as { wasm: string };
    expect(file.equals(Buffer.from(wasm, 'base64'))).toBe(true);
    expect(file.subarray(0, 4).toString('latin1')).toBe('\0asm'); // a WebAssembly module's magic number
  });
});
