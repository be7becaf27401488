import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../src/local/postgres.ts';

export interface TestDatabase {
  /** postgresql:// URL of the `velvet_test` database. */
  url: string;
  /** Stops the server and deletes its data folder. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * A throwaway PostgreSQL for a test run: fresh temporary data folder, no fsync (a crash loses
 * nothing worth keeping), removed on stop. About a second to start.
 */
export async function startTestDatabase(): Promise<TestDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'velvet-test-pg-'));
  let server: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
  try {
    server = await startEmbeddedPostgres({ dataDir, database: 'velvet_test', durable: false });
  } catch (error) {
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  let stopped: Promise<void> | undefined;
  return {
    url: server.url,
    stop: () =>
      (stopped ??= (async () => {
        await server.stop();
        await fs.rm(dataDir, { recursive: true, force: true });
      })()),
  };
}

export interface ScratchDatabase {
  url: string;
  /** Drops the database (closing any connection still open to it). */
  drop(): Promise<void>;
}

/**
 * A new empty database in the same cluster as `baseUrl` (whose user may create databases), for
 * tests that must not share tables with the rest of the suite: migrations from zero, seeding, drift.
 */
export async function createScratchDatabase(baseUrl: string, prefix = 'scratch'): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`.toLowerCase();
  await adminQuery(baseUrl, (client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | undefined;
  return {
    url: url.toString(),
    drop: () =>
      (dropped ??= adminQuery(baseUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
      ).then(() => undefined)),
  };
}

async function adminQuery<T>(baseUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * `count` copies of the migrated database at `templateUrl` in the same cluster (`<name>_w1`...), made
 * with CREATE DATABASE ... TEMPLATE (nobody may be connected to the template meanwhile).
 */
export async function cloneDatabase(templateUrl: string, count: number): Promise<ScratchDatabase[]> {
  const template = new URL(templateUrl);
  const templateName = decodeURIComponent(template.pathname.slice(1));
  const clones: ScratchDatabase[] = [];
  for (let i = 1; i <= count; i += 1) {
    const name = `${templateName}_w${i}`;
    // Connected to the template itself, CREATE ... TEMPLATE would fail: run it from `postgres`.
    const admin = new URL(templateUrl);
    admin.pathname = '/postgres';
    await adminQuery(admin.toString(), async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
      await client.query(
        `CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${client.escapeIdentifier(templateName)}`,
      );
    });
    const url = new URL(templateUrl);
    url.pathname = `/${name}`;
    clones.push({
      url: url.toString(),
      drop: () =>
        adminQuery(admin.toString(), (client) =>
          client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
        ).then(() => undefined),
    });
  }
  return clones;
}

/** Where a test file gets its server: the suite's (global setup) or, run alone, its own. */
export async function useTestCluster(): Promise<{ url: string; stop(): Promise<void> }> {
  const shared = process.env.DATABASE_URL;
  if (shared) return { url: shared, stop: async () => undefined };
  return startTestDatabase();
}
