import type { AppConfig } from '../../config/env.ts';
import type { ImageStorage } from './index.ts';
import { createLocalDiskStorage } from './local-disk.ts';
import { createS3Storage, s3OptionsFrom } from './s3.ts';

export type StorageConfig = Parameters<typeof s3OptionsFrom>[0] & Pick<AppConfig, 'STORAGE_DIR'>;

/**
 * An S3 bucket when S3_BUCKET is set, else the local disk under STORAGE_DIR. Anything else that
 * writes image files (seed, release) should use this too, so they land where the API reads them.
 */
export function createImageStorage(config: StorageConfig): ImageStorage {
  const s3 = s3OptionsFrom(config);
  return s3 ? createS3Storage(s3) : createLocalDiskStorage(config.STORAGE_DIR);
}
