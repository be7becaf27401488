// What the API process loads when it starts, kept by a test: libvips, the AWS SDKs, the face model, the
// payment and identity SDKs and nodemailer take MiB to tens of MiB each, for calls an API process makes
// rarely, if ever (docs/performance.md, "Start time and API memory": the API's goal is 200 MiB under
// load). They are imported on first use (lib/on-first-use.ts, lib/sharp.ts). This walks every static
// import reachable from the API's entry (src/server.ts) and fails on any that names one of them.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = decodeURIComponent(new URL('./', import.meta.url).pathname);

/** Packages the API must not load at start (a prefix ends with '/'). */
const LOADED_ON_FIRST_USE = [
  'sharp',
  '@aws-sdk/',
  '@vladmandic/',
  '@tensorflow/',
  'stripe',
  'google-auth-library',
  'nodemailer',
];

const isHeavy = (specifier: string) =>
  LOADED_ON_FIRST_USE.some((name) =>
    name.endsWith('/') ? specifier.startsWith(name) : specifier === name || specifier.startsWith(`${name}/`),
  );

/**
 * The specifiers a module loads when it is evaluated: import and export-from declarations, except
 * `import type`/`export type` (erased). `import { type A }` still counts: it may be kept as a bare import.
 * Dynamic `import()` is not followed: that is how a package is loaded on first use.
 */
function staticImports(source: string, fileName: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const specifiers: string[] = [];
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement)) {
      if (statement.importClause?.isTypeOnly) continue;
      if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      if (statement.isTypeOnly) continue;
      if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers;
}

/** Every heavy package reachable from `entry` by static imports, with the chain of files that reaches it. */
function heavyImportsFrom(entry: string): string[] {
  const parentOf = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  const found: string[] = [];
  const chain = (file: string) => {
    const files: string[] = [];
    for (let at: string | null | undefined = file; at; at = parentOf.get(at)) files.push(path.relative(SRC, at));
    return files.join(' <- ');
  };
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const specifier of staticImports(fs.readFileSync(file, 'utf8'), file)) {
      if (specifier.startsWith('.')) {
        const target = path.resolve(path.dirname(file), specifier);
        if (!parentOf.has(target)) {
          parentOf.set(target, file);
          queue.push(target);
        }
      } else if (isHeavy(specifier)) {
        found.push(`${specifier}: ${chain(file)}`);
      }
    }
  }
  return found;
}

describe('what the API loads at start', () => {
  it('reaches none of the packages loaded on first use through a static import', () => {
    expect(heavyImportsFrom(path.join(SRC, 'server.ts'))).toEqual([]);
  });

  it('finds a heavy import the way the walk reads sources (value imports count, type imports do not)', () => {
    expect(staticImports("import sharp from 'sharp';\nexport {};\n", 'a.ts')).toEqual(['sharp']);
    expect(staticImports("import { type S3Client } from '@aws-sdk/client-s3';\n", 'a.ts')).toEqual([
      '@aws-sdk/client-s3',
    ]);
    expect(staticImports("export * from './x.ts';\nimport './y.ts';\n", 'a.ts')).toEqual(['./x.ts', './y.ts']);
    expect(staticImports("import type Sharp from 'sharp';\nexport type { A } from './a.ts';\n", 'a.ts')).toEqual([]);
    expect(staticImports("const sharp = await import('sharp');\n", 'a.ts')).toEqual([]);
    expect(isHeavy('@aws-sdk/client-s3')).toBe(true);
    expect(isHeavy('sharp')).toBe(true);
    expect(isHeavy('sharpen')).toBe(false);
  });
});
