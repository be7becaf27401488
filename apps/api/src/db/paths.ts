import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's prisma/ folder: schema, migrations and the schema snapshot. */
export const PRISMA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../prisma');

export interface PrismaPaths {
  schema: string;
  migrationsDir: string;
  /** schema.prisma as of the newest migration; `prisma migrate deploy` ignores loose files here. */
  snapshot: string;
  lockfile: string;
}

export function prismaPaths(prismaDir: string = PRISMA_DIR): PrismaPaths {
  const migrationsDir = path.join(prismaDir, 'migrations');
  return {
    schema: path.join(prismaDir, 'schema.prisma'),
    migrationsDir,
    snapshot: path.join(migrationsDir, 'schema.snapshot.prisma'),
    lockfile: path.join(migrationsDir, 'migration_lock.toml'),
  };
}
