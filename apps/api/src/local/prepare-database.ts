import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { prismaPaths } from '../db/paths.ts';
import type { ImageStorage } from '../providers/storage/index.ts';

// Prisma's schema engine (WASM), the Prisma client, sharp and the seed are imported only when there is
// work for them: on an unchanged database `npm start` asks two cheap questions with node-postgres and
// loads none of them (docs/performance.md, "Start time and API memory").

/**
 * True when every migration on disk is applied, finished, not rolled back and unchanged (the checksum
 * Prisma recorded is the SHA-256 of its migration.sql), and the database has no other migration
 * rows. Anything else (a new, failed, edited or unknown migration, no `_prisma_migrations` table)
 * answers false, and the schema engine decides with Prisma's own rules.
 */
export async function migrationsUpToDate(client: pg.Client, migrationsDir = prismaPaths().migrationsDir) {
  const entries = await fs.readdir(migrationsDir, { withFileTypes: true }).catch(() => []);
  const onDisk = new Map<string, string>();
  await Promise.all(
    entries
      .filter((entry) => entry.isDirectory())
      .map(async ({ name }) => {
        const sql = await fs.readFile(path.join(migrationsDir, name, 'migration.sql')).catch(() => null);
        if (sql) onDisk.set(name, createHash('sha256').update(sql).digest('hex'));
      }),
  );
  if (onDisk.size === 0 || onDisk.size !== entries.filter((entry) => entry.isDirectory()).length) return false;
  let rows: Array<{ migration_name: string; checksum: string; finished: boolean; rolled_back: boolean }>;
  try {
    ({ rows } = await client.query(
      `SELECT migration_name, checksum, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS rolled_back
         FROM _prisma_migrations`,
    ));
  } catch {
    return false; // no bookkeeping table yet: a new database
  }
  const applied = rows.filter((row) => !row.rolled_back);
  if (applied.length !== onDisk.size || applied.some((row) => !row.finished)) return false;
  return applied.every((row) => onDisk.get(row.migration_name) === row.checksum);
}

/** Applies pending migrations, then seeds demo data when the database holds no images yet. */
export async function prepareDatabase(opts: {
  databaseUrl: string;
  storageDir: string;
  /** Where demo pictures go; the local disk at storageDir when omitted. */
  storage?: ImageStorage;
  seedImages: number;
  log: (line: string) => void;
}): Promise<void> {
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  let empty: boolean;
  try {
    if (await migrationsUpToDate(client)) {
      opts.log('database schema is up to date');
    } else {
      const { applyMigrations } = await import('../db/migrate.ts');
      const { applied } = await applyMigrations(opts.databaseUrl);
      opts.log(applied.length ? `applied migrations: ${applied.join(', ')}` : 'database schema is up to date');
    }
    if (opts.seedImages <= 0) return;
    // The question seed.ts's isDatabaseEmpty asks, without loading the Prisma client.
    empty = (await client.query('SELECT NOT EXISTS (SELECT 1 FROM images) AS empty')).rows[0].empty === true;
  } finally {
    await client.end();
  }
  if (!empty) return;

  const [{ createPrismaClient }, { seedDemoData }, { drawDemoImage }, { storeImageFiles }, { createLocalDiskStorage }] =
    await Promise.all([
      import('../db/client.ts'),
      import('../db/seed.ts'),
      import('../providers/image-model/demo.ts'),
      import('../providers/storage/image-files.ts'),
      import('../providers/storage/local-disk.ts'),
    ]);
  const db = createPrismaClient(opts.databaseUrl);
  const storage = opts.storage ?? createLocalDiskStorage(opts.storageDir);
  try {
    const seeded = await seedDemoData(db, {
      count: opts.seedImages,
      drawImage: drawDemoImage,
      storeImage: (imageId, webp) => storeImageFiles(storage, imageId, webp),
      // Half-size pictures: sharp enough for grid cards, quick to draw on a first start.
      renditionScale: 0.5,
    });
    if (seeded) opts.log(`seeded demo data: ${seeded.images} images by ${seeded.memberId}`);
  } finally {
    await db.$disconnect();
  }
}
