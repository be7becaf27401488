// A schema change without a migration must not land: schema.prisma is compared with the snapshot the
// newest migration was made from, and a database built by the migrations is compared, catalog entry by
// catalog entry, with one built straight from schema.prisma.
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, readMigrations } from '../../../src/db/migrate.ts';
import { prismaPaths } from '../../../src/db/paths.ts';
import { createSchemaEngine, diffSchemas, type SchemaEngineHandle } from '../../../src/db/schema-engine.ts';
import { createScratchDatabase, useTestCluster, type ScratchDatabase } from '../../support/database.ts';

let cluster: { url: string; stop(): Promise<void> };
let handle: SchemaEngineHandle;
const scratch: ScratchDatabase[] = [];
const paths = prismaPaths();

beforeAll(async () => {
  cluster = await useTestCluster();
  handle = await createSchemaEngine(cluster.url);
});

afterAll(async () => {
  await handle?.dispose();
  for (const db of scratch) await db.drop();
  await cluster?.stop();
});

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh database holding exactly what `schema` declares (Prisma's SQL from an empty database). */
async function databaseFromSchema(schema: string): Promise<string> {
  const db = await createScratchDatabase(cluster.url, 'drift_schema');
  scratch.push(db);
  const { sql } = await diffSchemas(handle.engine, null, { path: 'schema.prisma', content: schema });
  await withClient(db.url, (client) => client.query(sql));
  return db.url;
}

interface Catalog {
  columns: string[];
  indexes: string[];
  constraints: string[];
  checks: string[];
  enums: string[];
}

/** The parts of the catalog a Prisma schema determines, as sorted comparable lines. */
async function readCatalog(url: string): Promise<Catalog> {
  return withClient(url, async (client) => {
    const lines = async (sql: string) => (await client.query<{ line: string }>(sql)).rows.map((r) => r.line).sort();
    return {
      // Column order is left out: a column added by a later migration comes last.
      columns: await lines(`
        SELECT concat_ws(' | ', table_name, column_name, data_type, udt_name, is_nullable, column_default,
                         character_maximum_length, numeric_precision, numeric_scale, datetime_precision) AS line
        FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`),
      indexes: await lines(`
        SELECT concat_ws(' | ', tablename, indexname, indexdef) AS line
        FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`),
      constraints: await lines(`
        SELECT concat_ws(' | ', conrelid::regclass::text, conname, contype::text, pg_get_constraintdef(oid)) AS line
        FROM pg_constraint
        WHERE connamespace = 'public'::regnamespace AND conrelid <> 0
          AND conrelid::regclass::text <> '_prisma_migrations' AND contype <> 'c'`),
      checks: await lines(`
        SELECT conname AS line FROM pg_constraint
        WHERE connamespace = 'public'::regnamespace AND contype = 'c'`),
      enums: await lines(`
        SELECT t.typname || ' | ' || string_agg(e.enumlabel, ',' ORDER BY e.enumlabel) AS line
        FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
        WHERE t.typnamespace = 'public'::regnamespace GROUP BY t.typname`),
    };
  });
}

describe('schema drift', () => {
  it('schema.prisma equals the snapshot of the newest migration (else: pnpm db:migration <name>)', async () => {
    const schema = await fs.readFile(paths.schema, 'utf8');
    const snapshot = await fs.readFile(paths.snapshot, 'utf8');
    const diff = await diffSchemas(
      handle.engine,
      { path: 'migrations/schema.snapshot.prisma', content: snapshot },
      { path: 'schema.prisma', content: schema },
    );
    expect(diff.changed, `schema.prisma has changes no migration contains:\n${diff.sql}`).toBe(false);
  });

  it('a database built by the migrations matches one built from schema.prisma', async () => {
    const migrated = await createScratchDatabase(cluster.url, 'drift_migrated');
    scratch.push(migrated);
    await applyMigrations(migrated.url);
    const fromSchema = await databaseFromSchema(await fs.readFile(paths.schema, 'utf8'));

    const actual = await readCatalog(migrated.url);
    const expected = await readCatalog(fromSchema);
    expect(actual.columns).toEqual(expected.columns);
    expect(actual.indexes).toEqual(expected.indexes);
    expect(actual.constraints).toEqual(expected.constraints);
    expect(actual.enums).toEqual(expected.enums);
    expect(actual.columns.length).toBeGreaterThan(100);
    expect(actual.indexes.some((line) => line.includes('images_explore_latest_idx'))).toBe(true);

    // CHECK constraints exist only as hand-written SQL in migrations; each one there is in the database.
    expect(expected.checks).toEqual([]);
    const migrations = (await readMigrations()).migrationDirectories.map((m) =>
      m.migrationFile.content.tag === 'ok' ? m.migrationFile.content.value : '',
    );
    const declared = migrations
      .flatMap((sql) => [...sql.matchAll(/ADD CONSTRAINT "([^"]+)" CHECK/g)].map((match) => match[1]))
      .sort();
    expect(declared.length).toBeGreaterThan(0);
    expect(actual.checks).toEqual(declared);
  });

  it('the comparison notices a column or index the migrations lack', async () => {
    const schema = await fs.readFile(paths.schema, 'utf8');
    const changed = schema.replace(
      '  picture             String?',
      '  picture             String?\n  bio                 String?\n\n  @@index([createdAt])',
    );
    expect(changed).not.toBe(schema);
    const a = await readCatalog(await databaseFromSchema(schema));
    const b = await readCatalog(await databaseFromSchema(changed));
    expect(b.columns.filter((line) => !a.columns.includes(line))).toEqual([
      expect.stringMatching(/^members \| bio \| text /),
    ]);
    expect(b.indexes.filter((line) => !a.indexes.includes(line))).toEqual([
      expect.stringContaining('members_created_at_idx'),
    ]);
  });
});

describe('migration files', () => {
  it('has Prisma layout: lock file for postgresql, <timestamp>_<name>/migration.sql', async () => {
    const lock = await fs.readFile(paths.lockfile, 'utf8');
    expect(lock).toMatch(/^provider = "postgresql"$/m);
    const entries = await fs.readdir(paths.migrationsDir, { withFileTypes: true });
    for (const entry of entries.filter((e) => e.isDirectory())) {
      expect(entry.name).toMatch(/^\d{14}_[a-z0-9_]+$/);
      await expect(fs.access(path.join(paths.migrationsDir, entry.name, 'migration.sql'))).resolves.toBeUndefined();
    }
  });
});
