// Prisma's schema engine compiled to WebAssembly (@prisma/schema-engine-wasm): the same engine the
// Prisma CLI runs, so migration SQL and `_prisma_migrations` rows (names, sha256 checksums) are
// exactly Prisma's. The CLI itself cannot run here: it downloads a native engine first.
// How migrations are made and applied: prisma/README.md.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import type * as EngineGlue from '@prisma/schema-engine-wasm/schema_engine_bg';
import type { DiffTarget, SchemaEngine, SchemaFilter } from '@prisma/schema-engine-wasm/schema_engine_bg';
import pg from 'pg';

export type { SchemaEngine } from '@prisma/schema-engine-wasm/schema_engine_bg';

type EngineModule = typeof EngineGlue;

/** No tables or enums are managed outside Prisma. */
export const NO_EXTERNAL_OBJECTS: SchemaFilter = { externalTables: [], externalEnums: [] };

let engineModule: Promise<EngineModule> | undefined;

// The lib settings (ES2023, no DOM) leave out the WebAssembly global's types; the little used here:
interface WasmApi {
  instantiate(
    bytes: Uint8Array,
    imports: Record<string, unknown>,
  ): Promise<{ instance: { exports: Record<string, unknown> } }>;
}
const { WebAssembly: wasmApi } = globalThis as unknown as { WebAssembly: WasmApi };

/**
 * Node 20 cannot import a .wasm file, so the module's JS glue is imported and the WebAssembly
 * instance is created by hand and handed to it. Done once per process.
 */
export function loadSchemaEngineModule(): Promise<EngineModule> {
  engineModule ??= (async () => {
    const glue = await import('@prisma/schema-engine-wasm/schema_engine_bg');
    const require = createRequire(import.meta.url);
    const wasmPath = require
      .resolve('@prisma/schema-engine-wasm/schema_engine_bg')
      .replace(/schema_engine_bg\.js$/, 'schema_engine_bg.wasm');
    const bytes = await fs.readFile(wasmPath);
    // The engine arms 10 s timers (timeouts it never cancels: the glue imports no clearTimeout), which
    // would keep a finished CLI alive for 10 s. Unref'd, they still fire while the engine's pool
    // holds connections, and no longer hold the process.
    const imports: Record<string, unknown> = { ...glue };
    for (const [key, value] of Object.entries(glue)) {
      if (key.startsWith('__wbg_setTimeout_') && typeof value === 'function') {
        imports[key] = (...args: unknown[]) => {
          const timer = (value as (...a: unknown[]) => unknown)(...args);
          (timer as { unref?: () => void } | undefined)?.unref?.();
          return timer;
        };
      }
    }
    const { instance } = await wasmApi.instantiate(bytes, { './schema_engine_bg.js': imports });
    const exports = instance.exports as { __wbindgen_start?: () => void };
    glue.__wbg_set_wasm(exports);
    exports.__wbindgen_start?.();
    return glue;
  })();
  engineModule.catch(() => {
    engineModule = undefined;
  });
  return engineModule;
}

type PgAdapter = Awaited<ReturnType<PrismaPg['connect']>>;

/**
 * @prisma/adapter-pg 7.10 runs a migration script by splitting it on every ';' and sending the
 * pieces one by one: a ';' in a comment, string or function body breaks the script, and a failure
 * half-way leaves the earlier statements applied. The native engine sends the whole script as one
 * simple-protocol query, which PostgreSQL runs as one implicit transaction. This does the same.
 */
class WholeScriptPrismaPg extends PrismaPg {
  override async connect(): Promise<PgAdapter> {
    return runScriptsWhole(await super.connect());
  }

  override async connectToShadowDb(): Promise<PgAdapter> {
    return runScriptsWhole(await super.connectToShadowDb());
  }
}

function runScriptsWhole(adapter: PgAdapter): PgAdapter {
  const mapError = (adapter as unknown as { onError(error: unknown): never }).onError.bind(adapter);
  adapter.executeScript = async (script: string) => {
    try {
      await adapter.underlyingDriver().query(script);
    } catch (error) {
      mapError(error); // throws the adapter's usual DriverAdapterError
    }
  };
  return adapter;
}

export interface SchemaEngineHandle {
  engine: SchemaEngine;
  /** Frees the engine and closes its connections. */
  dispose(): Promise<void>;
}

export interface CreateSchemaEngineOptions {
  /** Receives the engine's log lines (JSON strings). Default: dropped. */
  log?: (line: string) => void;
}

/**
 * Creates an engine connected to `databaseUrl` (it connects at construction, so the database must be
 * up, even for datamodel-to-datamodel diffs). Dispose it when done.
 */
export async function createSchemaEngine(
  databaseUrl: string,
  opts: CreateSchemaEngineOptions = {},
): Promise<SchemaEngineHandle> {
  const { SchemaEngine: Engine } = await loadSchemaEngineModule();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => undefined); // an idle client dropped by the server; the next query reconnects
  // PrismaPg already provides connectToShadowDb; the binding wraps results the way the engine expects
  // (without it: "reading 'externalPool'" / "reading 'valueOf'").
  const factory = bindMigrationAwareSqlAdapterFactory(new WholeScriptPrismaPg(pool));
  let engine: SchemaEngine;
  try {
    engine = await Engine.new({ datamodels: undefined }, (line: string) => opts.log?.(line), factory);
  } catch (error) {
    await pool.end();
    throw error;
  }
  let disposed: Promise<void> | undefined;
  return {
    engine,
    dispose: () =>
      (disposed ??= (async () => {
        engine.free();
        await pool.end();
      })()),
  };
}

/** A Prisma schema given as text; `path` only appears in error messages. */
export interface SchemaSource {
  path: string;
  content: string;
}

export function schemaTarget(source: SchemaSource | null): DiffTarget {
  return source === null
    ? { tag: 'empty' }
    : { tag: 'schemaDatamodel', files: [{ path: source.path, content: source.content }] };
}

export interface SchemaDiff {
  /** true when the two schemas describe different databases. */
  changed: boolean;
  /** The SQL that migrates a database from `from` to `to` (a comment only when unchanged). */
  sql: string;
}

/** Datamodel-to-datamodel diff (`from: null` = an empty database); needs no shadow database. */
export async function diffSchemas(
  engine: SchemaEngine,
  from: SchemaSource | null,
  to: SchemaSource,
): Promise<SchemaDiff> {
  const result = await engine.diff({
    from: schemaTarget(from),
    to: schemaTarget(to),
    script: true,
    exitCode: true,
    filters: NO_EXTERNAL_OBJECTS,
  });
  if (result.exitCode !== 0 && result.exitCode !== 2) {
    throw new Error(`Schema diff failed with exit code ${result.exitCode}: ${result.stdout ?? ''}`);
  }
  return { changed: result.exitCode === 2, sql: result.stdout ?? '' };
}
