import { defineConfig } from 'prisma/config';

// Migrations are applied by our own runner (src/db/migrate.ts) through Prisma's WASM schema engine;
// this file tells the Prisma CLI where the schema lives for `prisma generate` and for
// `prisma migrate deploy` where the native engine is available (the Docker image).
export default defineConfig({
  schema: '../../prisma/schema.prisma',
  migrations: {
    path: '../../prisma/migrations',
    seed: 'tsx src/db/seed.ts',
  },
  datasource: {
    url: process.env.DATABASE_URL ?? 'postgresql://velvet:velvet@localhost:5432/velvet',
  },
});
