#!/usr/bin/env node
// Runs after `prisma generate` (apps/api `db:generate`): the generated client loads Prisma's query
// compiler from a .wasm file beside it instead of from the base64 string module Prisma ships. That
// module (4.4 MB of source holding one 4.4 MB string literal) stayed in the heap of the API and of the
// worker for their whole lives, twice: V8 keeps a module's source, and the module keeps its export.
// docs/performance.md ("The query compiler's WebAssembly from a file") has the figures.
//
// Writes src/generated/prisma/internal/<name>.wasm (scripts/build-server.mjs copies it into dist/ with
// the other non-TypeScript files) and rewrites getQueryCompilerWasmModule in internal/class.ts. When
// Prisma's generated code no longer has the expected shape, this fails and says so: the client would
// otherwise quietly go back to the string module.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const INTERNAL_DIR = path.join(API_DIR, 'src/generated/prisma/internal');
const CLASS_FILE = path.join(INTERNAL_DIR, 'class.ts');

// What prisma-client (7.x) generates for the Node runtime; `wasm` is the module's only export.
const DECODE_FUNCTION =
  /\nasync function decodeBase64AsWasm\(wasmBase64: string\): Promise<WebAssembly\.Module> \{\n(?: {2}.*\n)+\}\n/;
const LOADER =
  /( *)getQueryCompilerWasmModule: async \(\) => \{\n\s*const \{ wasm \} = await import\("(@prisma\/client\/runtime\/[^"]+)\.wasm-base64\.mjs"\)\n\s*return await decodeBase64AsWasm\(wasm\)\n\s*\},/;

const source = fs.readFileSync(CLASS_FILE, 'utf8');
const loader = LOADER.exec(source);
if (!loader || !DECODE_FUNCTION.test(source)) {
  console.error(
    `[prisma-wasm-file] ${path.relative(process.cwd(), CLASS_FILE)} does not load the query compiler the way ` +
      'this script knows (Prisma changed its generated client?): update apps/api/scripts/prisma-wasm-file.mjs.',
  );
  process.exit(1);
}
const [, indent, runtimeModule] = loader;
const wasmName = `${path.basename(runtimeModule)}.wasm`;

// The same module the generated code imported, resolved from this package.
const require = createRequire(path.join(API_DIR, 'package.json'));
const clientDir = path.dirname(require.resolve('@prisma/client/package.json'));
const base64Module = path.join(clientDir, `${runtimeModule.slice('@prisma/client/'.length)}.wasm-base64.mjs`);
const { wasm } = await import(pathToFileURL(base64Module).href);
const bytes = Buffer.from(wasm, 'base64');
if (!WebAssembly.validate(bytes)) {
  console.error(`[prisma-wasm-file] ${base64Module} did not decode to a WebAssembly module`);
  process.exit(1);
}
fs.writeFileSync(path.join(INTERNAL_DIR, wasmName), bytes);

const patched = source
  .replace(DECODE_FUNCTION, '\n')
  .replace(
    LOADER,
    [
      `${indent}// Rewritten by apps/api/scripts/prisma-wasm-file.mjs: the bytes from the file beside this one.`,
      `${indent}getQueryCompilerWasmModule: async () => {`,
      `${indent}  const { readFile } = await import('node:fs/promises')`,
      `${indent}  return new WebAssembly.Module(await readFile(new URL('./${wasmName}', import.meta.url)))`,
      `${indent}},`,
    ].join('\n'),
  );
fs.writeFileSync(CLASS_FILE, patched);
console.log(`[prisma-wasm-file] the query compiler loads from src/generated/prisma/internal/${wasmName}`);
