import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.ts';
import type { Prisma } from '../generated/prisma/client.ts';

export interface CreatePrismaClientOptions {
  /** Pool size (node-postgres). Default 10. */
  maxConnections?: number;
  /** Prisma log levels to emit (to stdout). Default none. */
  log?: Prisma.LogLevel[];
}

/**
 * The Prisma client, talking to PostgreSQL through node-postgres (`@prisma/adapter-pg`): Prisma 7
 * has no query engine binary to download. Only repositories use it (conventions); call
 * `$disconnect()` on shutdown.
 */
export function createPrismaClient(databaseUrl: string, opts: CreatePrismaClientOptions = {}) {
  const adapter = new PrismaPg({ connectionString: databaseUrl, max: opts.maxConnections ?? 10 });
  return new PrismaClient({ adapter, log: opts.log ?? [] });
}

export type Database = ReturnType<typeof createPrismaClient>;

/** The client inside `db.$transaction(async (tx) => ...)`; repositories accept either. */
export type DatabaseTransaction = Prisma.TransactionClient;
export type DatabaseOrTransaction = Database | DatabaseTransaction;
