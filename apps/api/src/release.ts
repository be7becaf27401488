import { createImageStorage } from './providers/storage/select.ts';
import { loadCliConfig, loadConfig } from './config/env.ts';
import { prepareDatabase } from './local/prepare-database.ts';

/**
 * The release step of a deployment (docker compose's `release` service): applies pending migrations
 * and seeds demo data into an empty database (SEED_DEMO_IMAGES=0 to skip), then exits.
 */
const config = loadConfig();
const { SEED_DEMO_IMAGES: seedImages } = loadCliConfig(['SEED_DEMO_IMAGES']);
await prepareDatabase({
  databaseUrl: config.DATABASE_URL,
  storageDir: config.STORAGE_DIR,
  // The same storage the API reads (an S3 bucket when configured).
  storage: createImageStorage(config),
  seedImages,
  log: (line) => console.log(`[release] ${line}`),
});
process.exit(0);
