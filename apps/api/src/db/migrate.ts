// Applies prisma/migrations to a database with Prisma's own engine (WASM build), so the result and
// the `_prisma_migrations` bookkeeping are what `prisma migrate deploy` produces and accepts.
//
//   DATABASE_URL=postgresql://... pnpm --filter @velvet/api exec tsx src/db/migrate.ts
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MigrationList } from '@prisma/schema-engine-wasm/schema_engine_bg';
import pg from 'pg';
import { loadCliConfig } from '../config/env.ts';
import { prismaPaths } from './paths.ts';
import { createSchemaEngine, NO_EXTERNAL_OBJECTS } from './schema-engine.ts';

/** Migration folders are named `<14-digit UTC timestamp>_<name>` and sort in creation order. */
const MIGRATION_DIR_NAME = /^\d{14}_[a-z0-9_]+$/;

/** Held while migrating so that a server and a worker starting together do not race. */
const MIGRATION_LOCK_KEY = 7_245_001; // any constant; differs from the engine's own lock id

/** Reads a migrations folder the way the Prisma CLI hands it to the engine. */
export async function readMigrations(migrationsDir: string = prismaPaths().migrationsDir): Promise<MigrationList> {
  const entries = await fs.readdir(migrationsDir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort((a, b) => a.localeCompare(b)); // as the Prisma CLI orders them
  const strays = names.filter((name) => !MIGRATION_DIR_NAME.test(name));
  if (strays.length > 0) {
    throw new Error(`Unexpected folders in ${migrationsDir}: ${strays.join(', ')}`);
  }
  const migrationDirectories = await Promise.all(
    names.map(async (name) => {
      const file = path.join(migrationsDir, name, 'migration.sql');
      const content = await fs
        .readFile(file, 'utf8')
        .then((value) => ({ tag: 'ok' as const, value }))
        .catch((error: Error) => ({ tag: 'error' as const, value: `${file}: ${error.message}` }));
      return { path: name, migrationFile: { path: 'migration.sql', content } };
    }),
  );
  const lockfileContent = await fs.readFile(path.join(migrationsDir, 'migration_lock.toml'), 'utf8').catch(() => null);
  return {
    baseDir: migrationsDir,
    lockfile: { path: 'migration_lock.toml', content: lockfileContent },
    shadowDbInitScript: '',
    migrationDirectories,
  };
}

export interface ApplyMigrationsOptions {
  /** Default: the repository's prisma/migrations. */
  migrationsDir?: string;
}

/**
 * Applies the migrations the database has not had yet and records them in `_prisma_migrations`.
 * Returns the names applied now (empty when up to date). Fails, changing nothing more, when an
 * applied migration was edited or a previous run failed half-way (Prisma's rules).
 */
export async function applyMigrations(
  databaseUrl: string,
  opts: ApplyMigrationsOptions = {},
): Promise<{ applied: string[] }> {
  const migrationsList = await readMigrations(opts.migrationsDir);
  if (migrationsList.migrationDirectories.length === 0) {
    throw new Error(`No migrations found in ${migrationsList.baseDir}`);
  }
  const lock = new pg.Client({ connectionString: databaseUrl });
  lock.on('error', () => undefined);
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const { engine, dispose } = await createSchemaEngine(databaseUrl);
    try {
      const result = await engine.applyMigrations({ migrationsList, filters: NO_EXTERNAL_OBJECTS });
      return { applied: result.appliedMigrationNames };
    } finally {
      await dispose();
    }
  } catch (error) {
    throw new Error(`Applying migrations failed: ${describeEngineError(error)}`, { cause: error });
  } finally {
    await lock.end(); // ends the session, which releases the advisory lock
  }
}

/** Engine errors arrive as objects carrying a message (and sometimes a Prisma error code). */
export function describeEngineError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object') {
    const record = error as Record<string, unknown>;
    const message = record.message ?? record.error ?? JSON.stringify(error);
    return `${record.error_code ?? record.code ?? ''} ${String(message)}`.trim();
  }
  return String(error);
}

async function main(): Promise<void> {
  // Unset: "DATABASE_URL is not set." and exit code 1 (the catch below).
  const { DATABASE_URL: databaseUrl } = loadCliConfig(['DATABASE_URL']);
  const { applied } = await applyMigrations(databaseUrl);
  console.log(applied.length === 0 ? 'Database is up to date.' : `Applied: ${applied.join(', ')}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
