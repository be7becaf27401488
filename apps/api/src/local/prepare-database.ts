import { createPrismaClient } from '../db/client.ts';
import { applyMigrations } from '../db/migrate.ts';
import { seedDemoData } from '../db/seed.ts';
import { drawDemoImage } from '../providers/image-model/demo.ts';
import { storeImageFiles } from '../providers/storage/image-files.ts';
import type { ImageStorage } from '../providers/storage/index.ts';
import { createLocalDiskStorage } from '../providers/storage/local-disk.ts';

/** Applies pending migrations, then seeds demo data when the database holds no images yet. */
export async function prepareDatabase(opts: {
  databaseUrl: string;
  storageDir: string;
  /** Where demo pictures go; the local disk at storageDir when omitted. */
  storage?: ImageStorage;
  seedImages: number;
  log: (line: string) => void;
}): Promise<void> {
  const { applied } = await applyMigrations(opts.databaseUrl);
  opts.log(applied.length ? `applied migrations: ${applied.join(', ')}` : 'database schema is up to date');
  if (opts.seedImages <= 0) return;
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
