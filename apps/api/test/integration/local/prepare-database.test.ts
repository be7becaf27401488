import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prismaPaths } from '../../../src/db/paths.ts';
import { migrationsUpToDate, prepareDatabase } from '../../../src/local/prepare-database.ts';
import { createScratchDatabase, useTestCluster, type ScratchDatabase } from '../../support/database.ts';

// `npm start` skips Prisma's schema engine when the database already has every migration on disk,
// unchanged; anything else still goes through the engine and Prisma's rules.
describe('prepareDatabase on start', () => {
  let cluster: { url: string; stop(): Promise<void> };
  let scratch: ScratchDatabase;
  let client: pg.Client;
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);

  beforeAll(async () => {
    cluster = await useTestCluster();
    scratch = await createScratchDatabase(cluster.url, 'prepare');
    client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await scratch?.drop();
    await cluster?.stop();
  });

  it('migrates a new database, then finds it up to date without the engine', async () => {
    expect(await migrationsUpToDate(client)).toBe(false); // no _prisma_migrations yet
    await prepareDatabase({ databaseUrl: scratch.url, storageDir: os.tmpdir(), seedImages: 0, log });
    expect(lines.at(-1)).toMatch(/^applied migrations: /);
    expect(await migrationsUpToDate(client)).toBe(true);
    await prepareDatabase({ databaseUrl: scratch.url, storageDir: os.tmpdir(), seedImages: 0, log });
    expect(lines.at(-1)).toBe('database schema is up to date');
  });

  it('hands an edited, unfinished or new migration to the engine', async () => {
    const [first] = (await client.query('SELECT migration_name, checksum FROM _prisma_migrations ORDER BY 1 LIMIT 1'))
      .rows as Array<{ migration_name: string; checksum: string }>;
    await client.query('UPDATE _prisma_migrations SET checksum = $1 WHERE migration_name = $2', [
      '0'.repeat(64),
      first!.migration_name,
    ]);
    expect(await migrationsUpToDate(client)).toBe(false);
    await client.query('UPDATE _prisma_migrations SET checksum = $1 WHERE migration_name = $2', [
      first!.checksum,
      first!.migration_name,
    ]);
    expect(await migrationsUpToDate(client)).toBe(true);

    await client.query('UPDATE _prisma_migrations SET finished_at = NULL WHERE migration_name = $1', [
      first!.migration_name,
    ]);
    expect(await migrationsUpToDate(client)).toBe(false);
    await client.query('UPDATE _prisma_migrations SET finished_at = now() WHERE migration_name = $1', [
      first!.migration_name,
    ]);

    // A folder with one more migration than the database has had.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'velvet-migrations-'));
    try {
      await fs.cp(prismaPaths().migrationsDir, dir, { recursive: true });
      await fs.mkdir(path.join(dir, '29991231000000_later'));
      await fs.writeFile(path.join(dir, '29991231000000_later', 'migration.sql'), 'SELECT 1;\n');
      expect(await migrationsUpToDate(client, dir)).toBe(false);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
    expect(await migrationsUpToDate(client)).toBe(true);
  });
});
