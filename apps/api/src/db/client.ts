import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
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
  const pool = new pg.Pool({ connectionString: databaseUrl, max: opts.maxConnections ?? 10 });
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  const client = new PrismaClient({ adapter, log: opts.log ?? [] });
  pools.set(client, pool);
  return client;
}

export type Database = ReturnType<typeof createPrismaClient>;

const pools = new WeakMap<object, pg.Pool>();

/**
 * Runs a read-only raw query on the node-postgres pool under the Prisma client, skipping Prisma's
 * query layer: for the hottest reads only (gallery pages), where that layer cost more CPU than the
 * query (docs/performance.md). Same connections, same SQL (`Prisma.sql`), rows as node-postgres
 * parses them (numeric as string, int as number, timestamptz as Date). Falls back to `$queryRaw`
 * for a client this module did not make (a transaction).
 */
export async function readRows<T>(db: DatabaseOrTransaction, query: Prisma.Sql): Promise<T[]> {
  const pool = pools.get(db);
  if (!pool) return db.$queryRaw<T[]>(query);
  const result = await pool.query({ text: query.text, values: query.values as unknown[] });
  return result.rows as T[];
}

/**
 * Runs one raw statement on the pool under the Prisma client, skipping Prisma's query layer, and
 * returns how many rows it changed: for the one write on the path of every generation (an image
 * marked complete), where that layer's query compiler runs on V8's baseline code in the worker
 * (process-settings.ts) and cost more than the statement. Autocommit; `$executeRaw` inside a
 * transaction.
 */
export async function runStatement(db: DatabaseOrTransaction, statement: Prisma.Sql): Promise<number> {
  const pool = pools.get(db);
  if (!pool) return db.$executeRaw(statement);
  const result = await pool.query({ text: statement.text, values: statement.values as unknown[] });
  return result.rowCount ?? 0;
}

/** The client inside `db.$transaction(async (tx) => ...)`; repositories accept either. */
export type DatabaseTransaction = Prisma.TransactionClient;
export type DatabaseOrTransaction = Database | DatabaseTransaction;
