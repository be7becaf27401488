import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, readMigrations } from '../../../src/db/migrate.ts';
import { prismaPaths } from '../../../src/db/paths.ts';
import { createScratchDatabase, useTestCluster, type ScratchDatabase } from '../../support/database.ts';

let cluster: { url: string; stop(): Promise<void> };
const scratch: ScratchDatabase[] = [];
const newDatabase = async () => {
  const db = await createScratchDatabase(cluster.url, 'migrations');
  scratch.push(db);
  return db;
};

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  cluster = await useTestCluster();
});

afterAll(async () => {
  for (const db of scratch) await db.drop();
  await cluster?.stop();
});

describe('applyMigrations', () => {
  it('applies every migration to an empty database once, with Prisma bookkeeping', async () => {
    const { migrationsDir } = prismaPaths();
    const onDisk = (await readMigrations(migrationsDir)).migrationDirectories.map((m) => m.path);
    expect(onDisk.length).toBeGreaterThan(0);
    expect(onDisk[0]).toMatch(/^\d{14}_init$/);

    const db = await newDatabase();
    const first = await applyMigrations(db.url);
    expect(first.applied).toEqual(onDisk);
    const second = await applyMigrations(db.url);
    expect(second.applied).toEqual([]);

    const rows = await query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      rolled_back_at: Date | null;
      applied_steps_count: number;
    }>(
      db.url,
      'SELECT migration_name, checksum, finished_at, rolled_back_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name',
    );
    expect(rows.map((r) => r.migration_name)).toEqual(onDisk);
    for (const row of rows) {
      const sql = await fs.readFile(path.join(migrationsDir, row.migration_name, 'migration.sql'));
      expect(row.checksum).toBe(createHash('sha256').update(sql).digest('hex'));
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }

    const tables = await query<{ table_name: string }>(
      db.url,
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining(['members', 'images', 'likes', 'ledger_entries', 'crypto_deposits', 'qna_posts']),
    );
  });

  it('lets two processes start together: one applies, the other waits and applies nothing', async () => {
    const db = await newDatabase();
    const [a, b] = await Promise.all([applyMigrations(db.url), applyMigrations(db.url)]);
    const applied = [...a.applied, ...b.applied];
    const onDisk = (await readMigrations()).migrationDirectories.map((m) => m.path);
    expect(applied.sort()).toEqual(onDisk);
    expect(Math.min(a.applied.length, b.applied.length)).toBe(0);
  });

  it('keeps the hand-written CHECK constraints of the init migration', async () => {
    const db = await newDatabase();
    await applyMigrations(db.url);
    await query(db.url, "INSERT INTO members (id, updated_at) VALUES ('check@example.test', now())");
    await expect(query(db.url, "UPDATE members SET coin_balance = -1 WHERE id = 'check@example.test'")).rejects.toThrow(
      /members_coin_balance_not_negative/,
    );
  });

  it('stops at a failing migration, records it as failed and refuses to continue', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'velvet-migrations-'));
    try {
      const { migrationsDir } = prismaPaths();
      await fs.cp(migrationsDir, dir, { recursive: true });
      await fs.mkdir(path.join(dir, '29990101000000_broken'));
      await fs.writeFile(
        path.join(dir, '29990101000000_broken', 'migration.sql'),
        'ALTER TABLE "members" ADD COLUMN "x" INTEGER;\nSELECT * FROM "no_such_table";\n',
      );
      const db = await newDatabase();
      await expect(applyMigrations(db.url, { migrationsDir: dir })).rejects.toThrow(/no_such_table/);
      const rows = await query<{ migration_name: string; finished_at: Date | null }>(
        db.url,
        'SELECT migration_name, finished_at FROM _prisma_migrations ORDER BY migration_name',
      );
      expect(rows.at(-1)).toMatchObject({ migration_name: '29990101000000_broken', finished_at: null });
      // The script ran as one transaction (as with the native engine): its first statement is undone.
      const columns = await query(
        db.url,
        "SELECT 1 FROM information_schema.columns WHERE table_name = 'members' AND column_name = 'x'",
      );
      expect(columns).toEqual([]);
      // Prisma's rule (P3009): nothing more is applied until the failure is resolved by a person.
      await expect(applyMigrations(db.url, { migrationsDir: dir })).rejects.toThrow(/failed/i);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
