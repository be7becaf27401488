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

/** A `Prisma.sql` statement as node-postgres takes it: same text ($1, $2...), same values. */
const asPgQuery = (sql: Prisma.Sql) => ({ text: sql.text, values: sql.values as unknown[] });

/**
 * Runs a raw query on the node-postgres pool under the Prisma client, skipping Prisma's query layer:
 * for the hottest reads (gallery pages), where that layer cost more CPU than the query
 * (docs/performance.md). Same connections, same SQL (`Prisma.sql`), rows as node-postgres parses them
 * (numeric as string, int as number, timestamptz as Date). Inside a transaction, its rows: a
 * `PoolTransaction`'s connection, or `$queryRaw` in Prisma's (which parses int8 and numeric as bigint
 * and Decimal: queries run both ways select int4, text or booleans). A write's RETURNING rows go the
 * same way (the ledger's statements).
 */
export async function readRows<T>(db: DatabaseOrTransaction | PoolTransaction, query: Prisma.Sql): Promise<T[]> {
  if (db instanceof PoolTransaction) return db.rows<T>(query);
  const pool = pools.get(db);
  if (!pool) return db.$queryRaw<T[]>(query);
  return (await pool.query(asPgQuery(query))).rows as T[];
}

/**
 * Runs one raw statement on the pool under the Prisma client, skipping Prisma's query layer, and
 * returns how many rows it changed: for the one write on the path of every generation (an image
 * marked complete), where that layer's query compiler runs on V8's baseline code in the worker
 * (process-settings.ts) and cost more than the statement. Autocommit; inside a transaction, in it
 * (a `PoolTransaction`'s connection, or `$executeRaw` in Prisma's).
 */
export async function runStatement(
  db: DatabaseOrTransaction | PoolTransaction,
  statement: Prisma.Sql,
): Promise<number> {
  if (db instanceof PoolTransaction) return db.execute(statement);
  const pool = pools.get(db);
  if (!pool) return db.$executeRaw(statement);
  return (await pool.query(asPgQuery(statement))).rowCount ?? 0;
}

/** The client inside `db.$transaction(async (tx) => ...)`; repositories accept either. */
export type DatabaseTransaction = Prisma.TransactionClient;
export type DatabaseOrTransaction = Database | DatabaseTransaction;

/**
 * A transaction on one connection of the pool under the Prisma client (`inPoolTransaction`): raw
 * statements only, without Prisma's interactive-transaction layer, which cost the make call ~2.5 ms
 * and ~1.6 ms of CPU on every generation's charge (docs/performance.md, "The charge on the pool").
 * Usable only inside the callback it was handed to.
 */
export class PoolTransaction {
  #client: pg.PoolClient | null;
  constructor(client: pg.PoolClient) {
    this.#client = client;
  }
  /** The rows of one statement, as node-postgres parses them (numeric as string, int4 as number). */
  async rows<T>(query: Prisma.Sql): Promise<T[]> {
    return (await this.#open().query(asPgQuery(query))).rows as T[];
  }
  /** How many rows one statement changed. */
  async execute(statement: Prisma.Sql): Promise<number> {
    return (await this.#open().query(asPgQuery(statement))).rowCount ?? 0;
  }
  /** @internal Ends its use: a statement sent after the transaction ended would run outside it. */
  close(): void {
    this.#client = null;
  }
  #open(): pg.PoolClient {
    if (!this.#client) throw new Error('pool transaction used after it ended');
    return this.#client;
  }
}

/** A transaction either way: repositories that only send raw statements (readRows, runStatement) accept both. */
export type RawTransaction = DatabaseTransaction | PoolTransaction;

/**
 * Runs `work` in one transaction on a connection of `db`'s pool (READ COMMITTED, as Prisma's): COMMIT
 * when it resolves, ROLLBACK when it throws (and the error is rethrown). Waits for a free connection
 * like any query on the pool. A connection whose ROLLBACK failed is closed, not given back.
 */
export async function inPoolTransaction<T>(db: Database, work: (tx: PoolTransaction) => Promise<T>): Promise<T> {
  const pool = pools.get(db);
  if (!pool) throw new Error('inPoolTransaction needs a client made by createPrismaClient');
  const client = await pool.connect();
  const tx = new PoolTransaction(client);
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(tx);
    tx.close();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    tx.close();
    await client.query('ROLLBACK').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
