// `pnpm bench:seed [N]`: fills the database at DATABASE_URL with N synthetic images (default
// 1,000,000) for the API benchmark (docs/performance.md). No picture is drawn: rows only.
//
//   DATABASE_URL=postgresql://... pnpm bench:seed 1000000
//   pnpm bench:seed 1000000 --embedded .data/bench-pg     (an embedded PostgreSQL in that folder)
//
// What it writes (everything deterministic: ids, owners, settings, counts; dates are relative to an
// anchor fixed by the first run and kept in the marker table):
// - ~20,000 owners `bench-00001@velvet.test`... and the heavy member `bench-heavy@velvet.test`
//   (password printed below), who owns 10% of the images and likes ~9% of them (100k / ~90k at 1M);
// - runs of 1 to 4 images (generation_runs), models / styles / ratios spread like real use, dates over
//   the year before the anchor; 1% failed, 2% deleted (files purged), 1% claimed (with a claims row),
//   80% published;
// - like_cnt and view_cnt follow power laws; every like is a `likes` row, so like_cnt equals the
//   number of likes rows of each image (the heavy member's likes included). view_cnt has no
//   image_views rows.
// Idempotent: deterministic ids and ON CONFLICT DO NOTHING, and the marker table `_bench_seed`
// records the sizes already seeded; a second run with the same N adds nothing, a larger N adds the
// difference. Only the columns it needs are written: anything else keeps its database default.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { applyMigrations } from '@velvet/api/db/migrate';
import { startEmbeddedPostgres } from '@velvet/api/local/postgres';
import { hashPassword } from '@velvet/api/services/auth/passwords';
import { generationCost } from '@velvet/contracts/catalog';
import { MODELS, RATIOS, RATIO_NAMES, STYLES } from '@velvet/contracts/options';
import pg from 'pg';
import { BENCH } from './bench-data.ts';

const DEFAULT_IMAGES = 1_000_000;

/** Share of new images per model (models not listed here share what is left equally). */
const MODEL_WEIGHTS: Record<string, number> = { Realistic: 0.45, Manga: 0.2, Animation: 0.2, 'Hyper Anime': 0.15 };
/** Share per style: 'Free' is the most used, the others share the rest. */
const FREE_STYLE_WEIGHT = 0.4;
const RATIO_WEIGHTS: Record<string, number> = { Portrait: 0.5, Square: 0.3, Landscape: 0.2 };

const SUBJECTS = [
  'a woman with long red hair',
  'a tall man with a beard',
  'two lovers',
  'a blonde woman in lace',
  'a dark-haired woman',
  'a couple in their thirties',
  'a muscular man',
  'a curvy woman with freckles',
];
const SETTINGS = [
  'on a beach at sunset',
  'in a hotel room',
  'in a neon-lit city at night',
  'in a forest clearing',
  'by a swimming pool',
  'in a loft with big windows',
  'in a candle-lit bedroom',
];
const DETAILS = ['soft light', '35mm photo', 'cinematic', 'high detail', 'film grain', 'studio lighting'];

/** Uniform in [0, 1), deterministic in the integer SQL expression `x` and the salt. */
function u(x: string, salt: number): string {
  return `((hashint8((${x})::bigint * 7919 + ${salt}) & 2147483647)::float8 / 2147483648.0)`;
}

/** Uniform in (0, 1]: safe to raise to a negative power. */
const positive = (x: string, salt: number) => `(1.0 - ${u(x, salt)})`;

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** CASE over cumulative weights: picks one of `values` with the uniform `draw`. */
function weighted(draw: string, values: readonly string[], weights: (value: string) => number): string {
  const raw = values.map(weights);
  const sum = raw.reduce((a, b) => a + b, 0);
  let cumulative = 0;
  const arms = values.slice(0, -1).map((value, i) => {
    cumulative += raw[i]! / sum;
    return `WHEN ${draw} <= ${cumulative.toFixed(6)} THEN ${quote(value)}`;
  });
  return `CASE ${arms.join(' ')} ELSE ${quote(values.at(-1)!)} END`;
}

const pickFrom = (draw: string, values: readonly string[]) =>
  `(ARRAY[${values.map(quote).join(',')}])[1 + floor(${draw} * ${values.length})::int]`;

function modelWeight(model: string): number {
  const known = Object.values(MODEL_WEIGHTS).reduce((a, b) => a + b, 0);
  const unknown = MODELS.filter((m) => !(m in MODEL_WEIGHTS)).length;
  return MODEL_WEIGHTS[model] ?? (unknown ? Math.max(0.05, 1 - known) / unknown : 0);
}

interface SeedOptions {
  images: number;
  log: (line: string) => void;
}

interface SeedResult {
  added: { members: number; runs: number; images: number; likes: number; claims: number };
  skipped: boolean;
  heavy: { images: number; likes: number };
  seconds: number;
}

/** Seeds `images` images into the database at `databaseUrl` (already migrated). */
export async function seedBenchData(databaseUrl: string, opts: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const n = opts.images;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const q = async (label: string, sql: string, params: unknown[] = []) => {
    const t = performance.now();
    const result = await client.query(sql, params);
    if (label) opts.log(`  ${label}: ${result.rowCount ?? 0} rows, ${((performance.now() - t) / 1000).toFixed(1)} s`);
    return result;
  };
  const added = { members: 0, runs: 0, images: 0, likes: 0, claims: 0 };
  try {
    await q(
      '',
      `CREATE TABLE IF NOT EXISTS _bench_seed (
         images int PRIMARY KEY,
         anchor timestamptz NOT NULL,
         seeded_at timestamptz NOT NULL DEFAULT now(),
         seconds numeric NOT NULL DEFAULT 0)`,
    );
    const done = await q('', 'SELECT max(images) AS images, min(anchor) AS anchor FROM _bench_seed');
    const doneImages = Number(done.rows[0]?.images ?? 0);
    if (doneImages >= n) {
      opts.log(`already seeded with ${doneImages.toLocaleString('en')} images: nothing to add`);
      return { added, skipped: true, heavy: await heavyCounts(client), seconds: 0 };
    }
    const anchor: Date = (done.rows[0]?.anchor as Date | null) ?? new Date(Math.floor(Date.now() / 60_000) * 60_000);
    opts.log(`seeding ${n.toLocaleString('en')} images (dates up to ${anchor.toISOString()})`);
    const heavyPasswordHash = await hashPassword(BENCH.heavyPassword);

    await q('', 'BEGIN');
    await q('', `SET LOCAL synchronous_commit = off`);
    await q('', `SET LOCAL maintenance_work_mem = '512MB'`);
    await q('', `SET LOCAL work_mem = '256MB'`);
    const A = `${quote(anchor.toISOString())}::timestamptz`;

    // Members: ~20k owners and likers, plus the heavy member.
    const members = await q(
      'members',
      `INSERT INTO members (id, nickname, nickname_key, password_hash, adult_attested_at, created_at, updated_at)
       SELECT 'bench-' || lpad(m::text, 5, '0') || '@velvet.test', 'bench_' || lpad(m::text, 5, '0'),
              'bench_' || lpad(m::text, 5, '0'), NULL, t, t, t
         FROM generate_series(1, $1::int) m, LATERAL (SELECT ${A} - interval '400 days' + m * interval '1 minute' AS t) x
       UNION ALL
       SELECT $2, $3, lower($3), $4, ${A} - interval '400 days', ${A} - interval '400 days', ${A} - interval '400 days'
       ON CONFLICT DO NOTHING`,
      [BENCH.owners, BENCH.heavyEmail, BENCH.heavyNickname, heavyPasswordHash],
    );
    added.members = members.rowCount ?? 0;

    // Runs: groups of four runs of 1, 2, 3 and 4 images (2.5 on average), ten images per group.
    const ownerOf = `CASE WHEN ${u('r', 1)} <= ${BENCH.heavyShare} THEN ${quote(BENCH.heavyEmail)}
        ELSE 'bench-' || lpad((1 + floor(${BENCH.owners} * power(${u('r', 2)}, 2.5))::int)::text, 5, '0') || '@velvet.test' END`;
    const costs = [1, 2, 3, 4].map((c) => `WHEN ${c} THEN ${generationCost(c, false)}`).join(' ');
    await q(
      '',
      `CREATE TEMP TABLE bench_runs ON COMMIT DROP AS
       SELECT r, 'bench' || lpad(r::text, 27, '0') AS run_id, first_idx, cnt,
              ${ownerOf} AS owner_id,
              ${pickFrom(u('r', 3), SUBJECTS)} || ', ' || ${pickFrom(u('r', 4), SETTINGS)} || ', ' ||
                ${pickFrom(u('r', 5), DETAILS)} AS prompt,
              ${weighted(u('r', 6), MODELS, modelWeight)} AS run_type,
              ${weighted(u('r', 7), STYLES, (s) => (s === 'Free' ? FREE_STYLE_WEIGHT : (1 - FREE_STYLE_WEIGHT) / (STYLES.length - 1)))} AS run_style,
              ${weighted(u('r', 8), RATIO_NAMES, (r) => RATIO_WEIGHTS[r] ?? 0.1)} AS run_ratio,
              round((floor(${u('r', 9)} * 11) / 10)::numeric, 2) AS strength,
              ${A} - ${u('r', 10)} * interval '365 days' AS created_at
         FROM generate_series(0, $1::int) r,
              LATERAL (SELECT (r / 4) * 10 + (ARRAY[0, 1, 3, 6])[r % 4 + 1] AS first_idx, r % 4 + 1 AS cnt) g
        WHERE first_idx < $2::int`,
      [Math.ceil(n / 10) * 4, n],
    );
    const sizes = RATIO_NAMES.map((r) => `WHEN ${quote(r)} THEN ${RATIOS[r].width}`).join(' ');
    const heights = RATIO_NAMES.map((r) => `WHEN ${quote(r)} THEN ${RATIOS[r].height}`).join(' ');

    // Images: every column computed once here, then copied into images (and used for likes, claims).
    await q(
      '',
      `CREATE TEMP TABLE bench_images ON COMMIT DROP AS
       SELECT b.run_id || lpad((s + 1)::text, 3, '0') AS image_id, b.run_id, b.owner_id, b.prompt, b.run_type,
              b.run_style, b.run_ratio, b.strength, b.cnt, idx, b.created_at,
              f.failed, f.deleted, f.claimed, f.is_open,
              (f.is_open AND NOT f.failed AND NOT f.deleted AND NOT f.claimed) AS public
         FROM bench_runs b
              CROSS JOIN LATERAL generate_series(0, b.cnt - 1) s
              CROSS JOIN LATERAL (SELECT b.first_idx + s AS idx) i
              CROSS JOIN LATERAL (
                SELECT ${u('idx', 11)} <= 0.01 AS failed,
                       ${u('idx', 11)} > 0.01 AND ${u('idx', 12)} <= 0.02 AS deleted,
                       ${u('idx', 11)} > 0.01 AND ${u('idx', 12)} > 0.02 AND ${u('idx', 13)} <= 0.01 AS claimed,
                       ${u('idx', 11)} > 0.01 AND ${u('idx', 14)} <= ${BENCH.publishedShare} AS is_open) f
        WHERE idx < $1::int`,
      [n],
    );
    await q(
      '',
      `ALTER TABLE bench_images
         ADD COLUMN likers int NOT NULL DEFAULT 0,
         ADD COLUMN heavy_like boolean NOT NULL DEFAULT false`,
    );
    await q(
      '',
      `UPDATE bench_images SET
         likers = CASE WHEN public THEN least(${BENCH.owners / 4}, least(1000000, floor(power(${positive('idx', 15)}, -1.0 / 1.3)))::int - 1) ELSE 0 END,
         heavy_like = public AND owner_id <> ${quote(BENCH.heavyEmail)} AND ${u('idx', 16)} <= ${BENCH.heavyLikeShare}`,
    );
    await q('', `DELETE FROM bench_images b USING images i WHERE i.image_id = b.image_id`);

    // Bulk loads are several times faster with the secondary indexes built afterwards. DDL is
    // transactional: a failure anywhere rolls the indexes back too. Unique indexes stay.
    const newImages = Number((await q('', 'SELECT count(*)::int AS n FROM bench_images')).rows[0].n);
    const indexes =
      newImages >= 50_000
        ? (
            await q(
              '',
              `SELECT c.relname AS name, pg_get_indexdef(c.oid) AS def
                 FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
                WHERE t.relname IN ('images', 'likes', 'generation_runs') AND t.relnamespace = current_schema()::regnamespace
                  AND NOT x.indisunique AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid)`,
            )
          ).rows
        : [];
    for (const index of indexes as Array<{ name: string; def: string }>) {
      await q('', `DROP INDEX ${client.escapeIdentifier(index.name)}`);
    }

    const runs = await q(
      'generation_runs',
      `INSERT INTO generation_runs (run_id, member_id, prompt, run_type, run_style, run_ratio, width, height, strength,
                                    request_cnt, cost, status, created_at, updated_at, completed_at)
       SELECT run_id, owner_id, prompt, run_type, run_style, run_ratio, CASE run_ratio ${sizes} END,
              CASE run_ratio ${heights} END, strength, cnt, CASE cnt ${costs} END, 'complete'::generation_status, created_at,
              created_at + interval '20 seconds', created_at + interval '20 seconds'
         FROM bench_runs
       ON CONFLICT DO NOTHING`,
    );
    added.runs = runs.rowCount ?? 0;

    const images = await q(
      'images',
      `INSERT INTO images (image_id, run_id, owner_id, prompt, run_type, run_style, run_ratio, strength, width, height,
                           status, is_open, is_claim, is_delete, like_cnt, view_cnt, download_cnt, original_key,
                           thumbnail_key, published_at, created_at, updated_at, completed_at, deleted_at, purged_at)
       SELECT image_id, run_id, owner_id, prompt, run_type, run_style, run_ratio, strength,
              CASE run_ratio ${sizes} END, CASE run_ratio ${heights} END,
              (CASE WHEN failed THEN 'failed' ELSE 'complete' END)::generation_status,
              is_open, claimed, deleted, likers + heavy_like::int,
              (likers + heavy_like::int) * 4 + least(2000000, floor(20 * power(${positive('idx', 17)}, -1.0 / 1.2)))::int - 20,
              (likers + heavy_like::int) / 3,
              CASE WHEN failed OR deleted THEN NULL ELSE 'images/' || run_id || '/' || image_id || '.webp' END,
              CASE WHEN failed OR deleted THEN NULL ELSE 'thumbs/' || run_id || '/' || image_id || '.webp' END,
              CASE WHEN is_open THEN created_at + interval '10 minutes' END,
              created_at, created_at + interval '20 seconds', created_at + interval '20 seconds',
              CASE WHEN deleted THEN created_at + interval '2 days' END,
              CASE WHEN deleted THEN created_at + interval '5 days' END
         FROM bench_images
       ON CONFLICT DO NOTHING`,
    );
    added.images = images.rowCount ?? 0;

    const claims = await q(
      'claims',
      `INSERT INTO claims (id, image_id, member_id, status, coins, decided_at, refunded_at, created_at)
       SELECT gen_random_uuid(), image_id, owner_id, 'refunded'::claim_status, (CASE cnt ${costs} END) / cnt,
              created_at + interval '1 hour', created_at + interval '1 hour', created_at + interval '30 minutes'
         FROM bench_images WHERE claimed
       ON CONFLICT DO NOTHING`,
    );
    added.claims = claims.rowCount ?? 0;

    // Likes: an image's likers are consecutive owners from a point picked by its id (all distinct),
    // liked at some time between the image's creation and the anchor; plus the heavy member's likes.
    const likes = await q(
      'likes',
      `INSERT INTO likes (member_id, image_id, created_at)
       SELECT 'bench-' || lpad((1 + ((hashint8(idx) & 2147483647) + k) % ${BENCH.owners})::text, 5, '0') || '@velvet.test',
              image_id, created_at + (${A} - created_at) * ${u(`idx::bigint * 5003 + k`, 18)}
         FROM bench_images CROSS JOIN LATERAL generate_series(0, likers - 1) k
        WHERE likers > 0
       UNION ALL
       SELECT ${quote(BENCH.heavyEmail)}, image_id, created_at + (${A} - created_at) * ${u('idx', 19)}
         FROM bench_images WHERE heavy_like
       ON CONFLICT DO NOTHING`,
    );
    added.likes = likes.rowCount ?? 0;

    for (const index of indexes as Array<{ name: string; def: string }>) {
      await q(`index ${index.name}`, index.def);
    }
    await q(
      '',
      `INSERT INTO _bench_seed (images, anchor, seconds) VALUES ($1, $2, $3)
       ON CONFLICT (images) DO UPDATE SET seeded_at = now(), seconds = EXCLUDED.seconds`,
      [n, anchor, Math.round((performance.now() - started) / 100) / 10],
    );
    await q('', 'COMMIT');
    for (const table of ['members', 'generation_runs', 'images', 'likes', 'claims']) {
      await q(`vacuum analyze ${table}`, `VACUUM (ANALYZE) ${client.escapeIdentifier(table)}`);
    }
    const seconds = (performance.now() - started) / 1000;
    await q('', 'UPDATE _bench_seed SET seconds = $2 WHERE images = $1', [n, Math.round(seconds * 10) / 10]);
    return { added, skipped: false, heavy: await heavyCounts(client), seconds };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

async function heavyCounts(client: pg.Client): Promise<{ images: number; likes: number }> {
  const { rows } = await client.query(
    `SELECT (SELECT count(*)::int FROM images WHERE owner_id = $1) AS images,
            (SELECT count(*)::int FROM likes WHERE member_id = $1) AS likes`,
    [BENCH.heavyEmail],
  );
  return { images: rows[0].images as number, likes: rows[0].likes as number };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { embedded: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log('usage: pnpm bench:seed [N=1000000] [--embedded <data folder>]   (DATABASE_URL, or --embedded)');
    return;
  }
  const images = positionals[0] ? Number(positionals[0].replaceAll(/[_,]/g, '')) : DEFAULT_IMAGES;
  if (!Number.isInteger(images) || images < 10 || images > 50_000_000) {
    throw new Error(`N must be a whole number from 10 to 50,000,000 (got ${positionals[0]})`);
  }
  let databaseUrl = process.env.DATABASE_URL;
  let stop = async () => undefined as void;
  if (values.embedded) {
    const server = await startEmbeddedPostgres({
      dataDir: path.resolve(process.env.INIT_CWD ?? process.cwd(), values.embedded),
      database: 'velvet_bench',
    });
    databaseUrl = server.url;
    stop = server.stop;
    console.log(
      `embedded PostgreSQL in ${path.resolve(process.env.INIT_CWD ?? process.cwd(), values.embedded)}: ${server.url}`,
    );
  } else if (!databaseUrl) {
    console.error(
      'DATABASE_URL is not set. Point it at the database to fill, e.g.\n' +
        '  DATABASE_URL=postgresql://user:pass@127.0.0.1:5432/velvet_bench pnpm bench:seed\n' +
        'or let the seed start an embedded PostgreSQL in a folder of your choice (kept between runs):\n' +
        '  pnpm bench:seed --embedded .data/bench-pg      (then: pnpm bench:api --embedded .data/bench-pg)',
    );
    process.exitCode = 1;
    return;
  }
  try {
    const { applied } = await applyMigrations(databaseUrl!);
    console.log(applied.length ? `applied migrations: ${applied.join(', ')}` : 'database schema is up to date');
    const result = await seedBenchData(databaseUrl!, { images, log: (line) => console.log(line) });
    if (!result.skipped) {
      const a = result.added;
      console.log(
        `added ${a.images} images, ${a.runs} runs, ${a.likes} likes, ${a.claims} claims, ${a.members} members ` +
          `in ${result.seconds.toFixed(1)} s`,
      );
    }
    console.log(
      `heavy member: ${BENCH.heavyEmail} (password ${BENCH.heavyPassword}): ` +
        `${result.heavy.images} images, ${result.heavy.likes} likes`,
    );
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
