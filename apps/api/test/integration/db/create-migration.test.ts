import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigration } from '../../../src/db/create-migration.ts';
import { applyMigrations } from '../../../src/db/migrate.ts';
import { PRISMA_DIR, prismaPaths } from '../../../src/db/paths.ts';
import { createScratchDatabase, useTestCluster, type ScratchDatabase } from '../../support/database.ts';

let cluster: { url: string; stop(): Promise<void> };
let prismaDir: string;
const scratch: ScratchDatabase[] = [];

beforeAll(async () => {
  cluster = await useTestCluster();
  // A copy of prisma/ to change freely.
  prismaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'velvet-prisma-'));
  await fs.copyFile(path.join(PRISMA_DIR, 'schema.prisma'), path.join(prismaDir, 'schema.prisma'));
  await fs.cp(path.join(PRISMA_DIR, 'migrations'), path.join(prismaDir, 'migrations'), { recursive: true });
});

afterAll(async () => {
  for (const db of scratch) await db.drop();
  if (prismaDir) await fs.rm(prismaDir, { recursive: true, force: true });
  await cluster?.stop();
});

describe('createMigration (pnpm db:migration <name>)', () => {
  it('creates nothing while schema.prisma equals the snapshot', async () => {
    const result = await createMigration({ name: 'nothing', prismaDir, databaseUrl: cluster.url });
    expect(result.created).toBeNull();
    const folders = (await fs.readdir(prismaPaths(prismaDir).migrationsDir)).filter((f) => /^\d{14}_/.test(f));
    expect(folders).toHaveLength(
      (await fs.readdir(prismaPaths(PRISMA_DIR).migrationsDir)).filter((f) => /^\d{14}_/.test(f)).length,
    );
  });

  it('writes the migration for a schema change, updates the snapshot, and the result applies', async () => {
    const paths = prismaPaths(prismaDir);
    const schema = await fs.readFile(paths.schema, 'utf8');
    const changed = schema.replace(
      '  picture             String?',
      '  picture             String?\n  bio                 String?',
    );
    await fs.writeFile(paths.schema, changed);

    // A clock behind the newest folder still yields a folder that sorts last.
    const result = await createMigration({
      name: 'Add member bio!',
      prismaDir,
      databaseUrl: cluster.url,
      now: new Date('2020-01-01T00:00:00Z'),
    });
    expect(result.created).toMatch(/^\d{14}_add_member_bio$/);
    const folders = (await fs.readdir(paths.migrationsDir)).filter((f) => /^\d{14}_/.test(f)).sort();
    expect(folders.at(-1)).toBe(result.created);
    const sql = await fs.readFile(path.join(paths.migrationsDir, result.created!, 'migration.sql'), 'utf8');
    expect(sql).toContain('ALTER TABLE "members" ADD COLUMN     "bio" TEXT;');
    expect(await fs.readFile(paths.snapshot, 'utf8')).toBe(changed);

    expect((await createMigration({ name: 'again', prismaDir, databaseUrl: cluster.url })).created).toBeNull();

    const db = await createScratchDatabase(cluster.url, 'create_migration');
    scratch.push(db);
    const { applied } = await applyMigrations(db.url, { migrationsDir: paths.migrationsDir });
    expect(applied.at(-1)).toBe(result.created);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rowCount } = await client.query(
        "SELECT 1 FROM information_schema.columns WHERE table_name = 'members' AND column_name = 'bio'",
      );
      expect(rowCount).toBe(1);
    } finally {
      await client.end();
    }
  });

  it('writes an empty migration on request, for hand-written SQL', async () => {
    const result = await createMigration({ name: 'backfill', prismaDir, databaseUrl: cluster.url, empty: true });
    expect(result.created).toMatch(/^\d{14}_backfill$/);
    expect(result.sql).toBe('-- This is an empty migration.\n');
  });

  it('refuses a name that has no letters or digits', async () => {
    await expect(createMigration({ name: ' !! ', prismaDir, databaseUrl: cluster.url })).rejects.toThrow(
      /needs a name/,
    );
  });
});
