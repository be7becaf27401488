import { createImageStorage } from './bootstrap/create-services.ts';
import { loadConfig } from './config/env.ts';
import { prepareDatabase } from './local/prepare-database.ts';

/**
 * The release step of a deployment (docker compose's `release` service): applies pending migrations
 * and seeds demo data into an empty database (SEED_DEMO_IMAGES=0 to skip), then exits.
 */
const config = loadConfig();
const seedImages = Number(process.env.SEED_DEMO_IMAGES ?? 0);
await prepareDatabase({
  databaseUrl: config.DATABASE_URL,
  storageDir: config.STORAGE_DIR,
  // The same storage the API reads (an S3 bucket when configured).
  storage: createImageStorage(config),
  seedImages: Number.isFinite(seedImages) ? seedImages : 0,
  log: (line) => console.log(`[release] ${line}`),
});
process.exit(0);
