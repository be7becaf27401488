// total_count is read from gallery_counts, which triggers on images and likes keep exact. After each
// kind of change a gallery can see (bulk inserts, publishing, claims, deletions soft and hard,
// likes, cascades from members, renamed members, concurrent toggles, TRUNCATE), every counter must
// equal a count made from scratch with the gallery's own conditions.
import { MODELS } from '@velvet/contracts/options';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../../src/db/migrate.ts';
import { createScratchDatabase, useTestCluster, type ScratchDatabase } from '../../support/database.ts';

let cluster: { url: string; stop(): Promise<void> };
let scratch: ScratchDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  cluster = await useTestCluster();
  scratch = await createScratchDatabase(cluster.url, 'gallery_counts');
  await applyMigrations(scratch.url);
  pool = new pg.Pool({ connectionString: scratch.url, max: 8 });
  // pool.end() resolves before its clients' sockets have closed, so the DROP ... WITH (FORCE) below
  // can still terminate one: the pool then emits 'error', an uncaught exception without a listener.
  pool.on('error', () => undefined);
});

afterAll(async () => {
  await pool?.end();
  await scratch?.drop();
  await cluster?.stop();
});

const PUBLIC = `i.status = 'complete' AND i.is_open AND NOT i.is_claim AND NOT i.is_delete`;

/** Every non-zero counter, as `scope|subject|run_type=n` lines. */
async function counters(): Promise<string[]> {
  const { rows } = await pool.query<{ line: string }>(
    `SELECT scope || '|' || subject || '|' || run_type || '=' || n AS line FROM gallery_counts WHERE n <> 0`,
  );
  return rows.map((r) => r.line).sort();
}

/** The same, counted from the tables. */
async function recount(): Promise<string[]> {
  const { rows } = await pool.query<{ line: string }>(`
    SELECT scope || '|' || subject || '|' || run_type || '=' || n AS line FROM (
      SELECT 'public' AS scope, coalesce(i.owner_id, '') AS subject, coalesce(i.run_type, '') AS run_type, count(*) AS n
        FROM images i WHERE ${PUBLIC}
       GROUP BY GROUPING SETS ((), (i.run_type), (i.owner_id), (i.owner_id, i.run_type))
      UNION ALL
      SELECT 'collection', i.owner_id, coalesce(i.run_type, ''), count(*)
        FROM images i WHERE i.status = 'complete' AND NOT i.is_delete
       GROUP BY GROUPING SETS ((i.owner_id), (i.owner_id, i.run_type))
      UNION ALL
      SELECT 'likes', l.member_id, coalesce(i.run_type, ''), count(*)
        FROM likes l JOIN images i ON i.image_id = l.image_id WHERE ${PUBLIC}
       GROUP BY GROUPING SETS ((l.member_id), (l.member_id, i.run_type))) c`);
  return rows.map((r) => r.line).sort();
}

async function expectExact(step: string) {
  const expected = await recount();
  expect(await counters(), step).toEqual(expected);
}

const models = `ARRAY[${MODELS.map((m) => `'${m}'`).join(', ')}]`;

/** `n` images from `from` on, in one statement, spread over 20 owners, models and states. */
async function insertImages(from: number, n: number) {
  await pool.query(`
    INSERT INTO generation_runs (run_id, member_id, prompt, run_type, run_style, run_ratio, width, height,
                                 strength, request_cnt, cost, updated_at)
    SELECT lpad(g::text, 32, '0'), 'm' || g % 20 || '@example.test', 'p', (${models})[g % ${MODELS.length} + 1],
           'Free', 'Square', 1024, 1024, 0.5, 1, 100, now()
      FROM generate_series(${from}, ${from + n - 1}) g`);
  await pool.query(`
    INSERT INTO images (image_id, run_id, owner_id, prompt, run_type, run_style, run_ratio, strength, width,
                        height, status, is_open, is_claim, is_delete, deleted_at, updated_at)
    SELECT lpad(g::text, 32, '0') || '001', lpad(g::text, 32, '0'), 'm' || g % 20 || '@example.test', 'p',
           (${models})[g % ${MODELS.length} + 1], 'Free', 'Square', 0.5, 1024, 1024,
           (ARRAY['complete', 'complete', 'complete', 'processing', 'failed'])[g % 5 + 1]::generation_status,
           g % 3 <> 0, g % 31 = 0, g % 29 = 0, CASE WHEN g % 29 = 0 THEN now() END, now()
      FROM generate_series(${from}, ${from + n - 1}) g`);
}

const image = (g: number) => `${String(g).padStart(32, '0')}001`;

describe('gallery_counts', () => {
  it('follows bulk inserts and likes', async () => {
    await pool.query(`INSERT INTO members (id, updated_at)
                      SELECT 'm' || g || '@example.test', now() FROM generate_series(0, 19) g`);
    await insertImages(1, 2000);
    await pool.query(`
      INSERT INTO likes (member_id, image_id)
      SELECT 'm' || (g * 7 + k) % 20 || '@example.test', lpad(g::text, 32, '0') || '001'
        FROM generate_series(1, 2000) g CROSS JOIN generate_series(0, g % 4) k`);
    await expectExact('after inserts');
    expect((await counters()).length).toBeGreaterThan(100);
  });

  it('follows publishing, claims, completion, soft deletion and likes coming and going', async () => {
    await pool.query(`UPDATE images SET is_open = NOT is_open WHERE right(run_id, 1) IN ('1', '4')`);
    await pool.query(`UPDATE images SET is_claim = true, is_open = false WHERE right(run_id, 2) = '17'`);
    await pool.query(`UPDATE images SET status = 'complete' WHERE status = 'processing' AND right(run_id, 1) = '8'`);
    await pool.query(`UPDATE images SET is_delete = true, deleted_at = now(), is_open = false
                       WHERE right(run_id, 2) = '33' AND NOT is_delete`);
    await pool.query(`UPDATE images SET like_cnt = like_cnt + 1, view_cnt = view_cnt + 2`);
    await pool.query(`DELETE FROM likes WHERE right(image_id, 5) IN ('2001', '5001', '7001')`);
    await pool.query(`INSERT INTO likes (member_id, image_id) VALUES ('m1@example.test', '${image(1500)}')
                      ON CONFLICT DO NOTHING`);
    await expectExact('after updates');
  });

  it('follows hard deletes (likes cascade), members removed and members renamed', async () => {
    await pool.query(`DELETE FROM images WHERE right(run_id, 2) = '42'`);
    // A member's likes go with the member (images of theirs are kept: the foreign key restricts).
    await pool.query(`INSERT INTO members (id, updated_at) VALUES ('fan@example.test', now())`);
    await pool.query(`INSERT INTO likes (member_id, image_id)
                      SELECT 'fan@example.test', image_id FROM images WHERE right(run_id, 1) = '6'`);
    await expectExact('fan liked');
    await pool.query(`DELETE FROM members WHERE id = 'fan@example.test'`);
    await expectExact('fan removed');
    // A renamed member (email change) carries images and likes by ON UPDATE CASCADE.
    const { rows } = await pool.query<{ id: string }>(`
      SELECT subject AS id FROM gallery_counts WHERE scope = 'likes' AND n > 0
      INTERSECT SELECT subject FROM gallery_counts WHERE scope = 'collection' AND n > 0 LIMIT 1`);
    const renamed = rows[0]!.id;
    await pool.query(`UPDATE members SET id = 'renamed@example.test' WHERE id = $1`, [renamed]);
    await expectExact('member renamed');
    const lines = await counters();
    expect(lines.some((line) => line.startsWith('collection|renamed@example.test|'))).toBe(true);
    expect(lines.some((line) => line.startsWith('likes|renamed@example.test|'))).toBe(true);
    expect(lines.some((line) => line.startsWith(`collection|${renamed}|`))).toBe(false);
    await pool.query(`UPDATE members SET id = $1 WHERE id = 'renamed@example.test'`, [renamed]);
    await expectExact('member renamed back');
  });

  it('stays exact under concurrent publishing and liking of the same images', async () => {
    const targets = Array.from({ length: 12 }, (_, k) => image(3 + k * 3));
    const work: Array<Promise<unknown>> = [];
    for (let round = 0; round < 6; round += 1) {
      for (const [k, id] of targets.entries()) {
        work.push(pool.query(`UPDATE images SET is_open = NOT is_open WHERE image_id = $1 AND NOT is_delete`, [id]));
        work.push(
          pool.query(
            `WITH gone AS (DELETE FROM likes WHERE member_id = $1 AND image_id = $2 RETURNING 1)
             INSERT INTO likes (member_id, image_id) SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM gone)
             ON CONFLICT DO NOTHING`,
            [`m${(k + round) % 20}@example.test`, id],
          ),
        );
      }
    }
    // allSettled: a failure must not leave queries running into the next test.
    const results = await Promise.allSettled(work);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    await expectExact('after concurrent toggles');
  });

  it('counts a like against the state its image ends in, whichever transaction waits for the other', async () => {
    const [liker, flipper] = [await pool.connect(), await pool.connect()];
    const id = image(1001);
    const like = `INSERT INTO likes (member_id, image_id) VALUES ('m2@example.test', '${id}') ON CONFLICT DO NOTHING`;
    const unlike = `DELETE FROM likes WHERE member_id = 'm2@example.test' AND image_id = '${id}'`;
    const flip = `UPDATE images SET is_open = NOT is_open, status = 'complete' WHERE image_id = '${id}'`;
    const settle = () => new Promise((resolve) => setTimeout(resolve, 150));
    try {
      for (const change of [like, unlike, like, unlike]) {
        // The like first (its transaction open), the visibility change waiting for it.
        await liker.query('BEGIN');
        await liker.query(change);
        const flipped = flipper.query(flip);
        await settle();
        await liker.query('COMMIT');
        await flipped;
        await expectExact(`${change.slice(0, 6)} then flip`);
        // The visibility change first (open), the like waiting for it.
        await flipper.query('BEGIN');
        await flipper.query(flip);
        const liked = liker.query(change === like ? unlike : like);
        await settle();
        await flipper.query('COMMIT');
        await liked;
        await expectExact(`flip then ${change.slice(0, 6)}`);
      }
    } finally {
      liker.release();
      flipper.release();
    }
  });

  it('is emptied with the tables (TRUNCATE) and refills from the next inserts', async () => {
    await pool.query('TRUNCATE likes');
    await expectExact('likes truncated');
    expect((await counters()).some((line) => line.startsWith('likes|'))).toBe(false);
    await pool.query('TRUNCATE likes, images, generation_runs CASCADE');
    expect(await counters()).toEqual([]);
    await insertImages(5000, 50);
    await expectExact('refilled');
  });
});
