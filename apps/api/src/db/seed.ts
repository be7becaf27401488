// Demo data for a fresh install: one demo member and a gallery of demo images (default 240) spread
// over models, styles, ratios and the past weeks, so Explore has something to show on first start.
//
// Decoupled from providers: the caller passes how to draw a picture and how to store it. Runs only
// when the database holds no images at all, so it is safe on every start-up.
//
//   DATABASE_URL=postgresql://... pnpm db:seed [count]
//
// Notes on the data:
// - width/height hold the ratio's real pixel size (contracts RATIOS); the stored picture is a smaller
//   rendition of the same aspect (renditionScale, default 1/4, e.g. 208x304 for Portrait) so seeding
//   stays fast. Nothing reads the file's size from the database.
// - like_cnt / view_cnt / download_cnt are synthetic popularity numbers; there are no matching
//   likes / image_views / image_downloads rows.
// - Everything is deterministic (ids, prompts, settings) except that dates are relative to `now`.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { generationCost } from '@velvet/contracts/catalog';
import { MODELS, RATIOS, RATIO_NAMES, RUN_ID_LENGTH, STYLES } from '@velvet/contracts/options';
import type { Model, Ratio, Style } from '@velvet/contracts/options';
import type { Database } from './client.ts';
import { randomStream } from '../lib/random-stream.ts';

export const DEMO_MEMBER = {
  id: 'demo@velvet.local',
  nickname: 'VelvetDemo',
} as const;

export const DEFAULT_DEMO_IMAGE_COUNT = 240;

export interface SeedDemoDataOptions {
  /** Images to create. Default 240. */
  count?: number;
  /**
   * Draws a picture as WebP bytes. `seed` is the image's prompt plus its id, so the images of one
   * run differ; width and height are the rendition's size.
   */
  drawImage(seed: string, width: number, height: number): Promise<Buffer>;
  /** Stores an original (and whatever renditions the storage makes); returns the keys to record. */
  storeImage(imageId: string, webp: Buffer): Promise<{ originalKey: string; thumbnailKey: string }>;
  /** Size of the drawn picture relative to the ratio's real size. Default 0.25. */
  renditionScale?: number;
  /** Images are dated over this many days before `now`. Default 60. */
  days?: number;
  now?: Date;
  /** Pictures drawn and stored at once. Default 4. */
  concurrency?: number;
}

export interface SeedDemoDataResult {
  memberId: string;
  runs: number;
  images: number;
}

/** True when the database holds no images (of anyone): the only state in which the seed runs. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  return (await db.image.findFirst({ select: { imageId: true } })) === null;
}

export interface DemoImagePlan {
  imageId: string;
  isOpen: boolean;
  likeCnt: number;
  viewCnt: number;
  downloadCnt: number;
}

export interface DemoRunPlan {
  runId: string;
  prompt: string;
  runType: Model;
  runStyle: Style;
  runRatio: Ratio;
  width: number;
  height: number;
  strength: string;
  fourk: boolean;
  cost: number;
  createdAt: Date;
  images: DemoImagePlan[];
}

/** The demo gallery as data: deterministic apart from dates, which are relative to `now`. */
export function planDemoData(count: number, now: Date, days = 60): DemoRunPlan[] {
  const rnd = randomStream('velvet-demo');
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;
  const runs: DemoRunPlan[] = [];
  let remaining = count;
  for (let index = 0; remaining > 0; index += 1) {
    const size = Math.min(remaining, pick([1, 1, 2, 2, 3, 4]));
    remaining -= size;
    // Models and ratios cycle so that every one shows up even in a small seed; styles lean to Free.
    const runType = MODELS[index % MODELS.length] as Model;
    const runRatio = RATIO_NAMES[Math.floor(index / MODELS.length) % RATIO_NAMES.length] as Ratio;
    const runStyle = rnd() < 0.4 ? 'Free' : pick(STYLES);
    const fourk = rnd() < 0.1;
    const runId = demoRunId(index);
    const createdAt = new Date(now.getTime() - Math.floor(rnd() * days * 86_400_000) - 60_000);
    const prompt = demoPrompt(rnd, runType);
    runs.push({
      runId,
      prompt,
      runType,
      runStyle,
      runRatio,
      width: RATIOS[runRatio].width,
      height: RATIOS[runRatio].height,
      strength: (Math.round(rnd() * 10) / 10).toFixed(1),
      fourk,
      cost: generationCost(size, fourk),
      createdAt,
      images: Array.from({ length: size }, (_, serial) => {
        // Popularity: most images get a little attention, a few a lot.
        const viewCnt = 3 + Math.floor(rnd() ** 3 * 6000);
        const likeCnt = Math.floor(viewCnt * (0.01 + rnd() * 0.2));
        return {
          imageId: `${runId}${String(serial + 1).padStart(3, '0')}`,
          isOpen: rnd() < 0.9,
          likeCnt,
          viewCnt,
          downloadCnt: Math.floor(likeCnt * rnd() * 0.5),
        };
      }),
    });
  }
  return runs;
}

/**
 * Creates the demo member and images unless the database already holds images. Pictures are drawn
 * and stored first (their keys derive from the deterministic ids, so a repeat overwrites the same
 * files), then every row is written in one transaction. Returns null when nothing was done.
 */
export async function seedDemoData(db: Database, opts: SeedDemoDataOptions): Promise<SeedDemoDataResult | null> {
  const count = opts.count ?? DEFAULT_DEMO_IMAGE_COUNT;
  if (count <= 0 || !(await isDatabaseEmpty(db))) return null;
  const now = opts.now ?? new Date();
  const scale = opts.renditionScale ?? 0.25;
  const plan = planDemoData(count, now, opts.days);

  const jobs = plan.flatMap((run) => run.images.map((image) => ({ run, image })));
  const keys = new Map<string, { originalKey: string; thumbnailKey: string }>();
  await forEachLimited(jobs, opts.concurrency ?? 4, async ({ run, image }) => {
    const width = Math.max(16, Math.round(run.width * scale));
    const height = Math.max(16, Math.round(run.height * scale));
    const webp = await opts.drawImage(`${run.prompt} [${image.imageId}]`, width, height);
    keys.set(image.imageId, await opts.storeImage(image.imageId, webp));
  });

  return db.$transaction(
    async (tx) => {
      // Two processes seeding the same empty database: the second waits, then finds images.
      await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(${SEED_LOCK_KEY})`;
      if ((await tx.image.findFirst({ select: { imageId: true } })) !== null) return null;
      // Someone else may hold the nickname already (images deleted, then seeded again): go without.
      const nicknameKey = DEMO_MEMBER.nickname.toLowerCase();
      const nicknameTaken = await tx.member.findFirst({
        where: { nicknameKey, id: { not: DEMO_MEMBER.id } },
        select: { id: true },
      });
      await tx.member.upsert({
        where: { id: DEMO_MEMBER.id },
        create: {
          id: DEMO_MEMBER.id,
          nickname: nicknameTaken ? null : DEMO_MEMBER.nickname,
          nicknameKey: nicknameTaken ? null : nicknameKey,
          adultAttestedAt: now,
        },
        update: {},
      });
      await tx.generationRun.createMany({
        data: plan.map((run) => ({
          runId: run.runId,
          memberId: DEMO_MEMBER.id,
          prompt: run.prompt,
          runType: run.runType,
          runStyle: run.runStyle,
          runRatio: run.runRatio,
          width: run.width,
          height: run.height,
          strength: run.strength,
          requestCnt: run.images.length,
          fourk: run.fourk,
          cost: run.cost,
          details: `${run.runType}, ${run.runStyle}, ${run.runRatio}`,
          status: 'complete' as const,
          createdAt: run.createdAt,
          completedAt: new Date(run.createdAt.getTime() + 20_000),
        })),
      });
      await tx.image.createMany({
        data: plan.flatMap((run) =>
          run.images.map((image) => {
            const completedAt = new Date(run.createdAt.getTime() + 20_000);
            const stored = keys.get(image.imageId);
            return {
              imageId: image.imageId,
              runId: run.runId,
              ownerId: DEMO_MEMBER.id,
              prompt: run.prompt,
              runType: run.runType,
              runStyle: run.runStyle,
              runRatio: run.runRatio,
              strength: run.strength,
              width: run.width,
              height: run.height,
              status: 'complete' as const,
              isOpen: image.isOpen,
              likeCnt: image.likeCnt,
              viewCnt: image.viewCnt,
              downloadCnt: image.downloadCnt,
              originalKey: stored?.originalKey ?? null,
              thumbnailKey: stored?.thumbnailKey ?? null,
              publishedAt: image.isOpen ? completedAt : null,
              createdAt: run.createdAt,
              completedAt,
            };
          }),
        ),
      });
      return { memberId: DEMO_MEMBER.id, runs: plan.length, images: jobs.length };
    },
    { timeout: 60_000, maxWait: 60_000 },
  );
}

const SEED_LOCK_KEY = 7_245_002;

const SUBJECTS = [
  'portrait of a woman in a red satin dress',
  'a couple slow dancing in a dim jazz bar',
  'a man in an open linen shirt on a sailboat deck',
  'boudoir portrait with lace curtains and velvet cushions',
  'a burlesque dancer with ostrich feather fans',
  'a woman in a silk robe at a vanity mirror',
  'a swimsuit model walking along a sunlit beach',
  'a couple sharing a kiss under an umbrella in the rain',
  'a man stepping out of the sea at dawn',
  'a woman reclining on a chaise longue in a pearl necklace',
  'a pin-up girl leaning on a vintage convertible',
  'two lovers wrapped in white sheets, laughing',
  'a cabaret singer in a sequined gown at the microphone',
  'a woman in a sheer kimono on a hotel balcony',
  'a dancer stretching in an empty ballet studio',
  'a bride in a backless gown looking over her shoulder',
];
const SETTINGS = [
  'Paris rooftop at night',
  'art deco hotel suite',
  'tropical villa',
  'candlelit bedroom',
  'neon-lit city street',
  'misty forest lake',
  'penthouse with floor-to-ceiling windows',
  'old Hollywood film set',
];
const LIGHTS = [
  'soft window light',
  'golden hour glow',
  'moody candlelight',
  'pink and blue neon rim light',
  'studio lighting, shallow depth of field',
  'warm film grain',
];
const MODEL_FLAVOUR: Record<Model, string> = {
  Realistic: 'photorealistic, 85mm lens',
  Manga: 'manga style, clean ink lines, screentone shading',
  Animation: '3d animated film style, expressive eyes',
  'Hyper Anime': 'vivid anime illustration, glossy highlights',
};

function demoPrompt(rnd: () => number, model: Model): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;
  return `${pick(SUBJECTS)}, ${pick(SETTINGS)}, ${pick(LIGHTS)}, ${MODEL_FLAVOUR[model]}`;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 32 alphanumeric characters like a client-made run id, derived from the index. */
function demoRunId(index: number): string {
  const digest = createHash('sha256').update(`velvet-demo-run-${index}`).digest();
  return Array.from(digest.subarray(0, RUN_ID_LENGTH), (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
}

async function forEachLimited<T>(items: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await run(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

async function main(): Promise<void> {
  // Unset: "DATABASE_URL is not set." and exit code 1 (the catch below). STORAGE_DIR: .data/storage.
  const { loadCliConfig } = await import('../config/env.ts');
  // The storage the API reads: S3 when S3_BUCKET is set (providers/storage/select.ts), else STORAGE_DIR.
  const config = loadCliConfig([
    'DATABASE_URL',
    'STORAGE_DIR',
    'S3_BUCKET',
    'S3_REGION',
    'S3_ENDPOINT',
    'S3_FORCE_PATH_STYLE',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'S3_PREFIX',
  ]);
  const { DATABASE_URL: databaseUrl, STORAGE_DIR: storageDir } = config;
  const count = Number(process.argv[2] ?? DEFAULT_DEMO_IMAGE_COUNT);
  if (!Number.isInteger(count) || count < 0) throw new Error(`Not an image count: ${process.argv[2]}`);
  // Loaded here so that the library part of this file depends on nothing but the database.
  const [{ createPrismaClient }, { applyMigrations }, { drawDemoImage }, { storeImageFiles }, { createImageStorage }] =
    await Promise.all([
      import('./client.ts'),
      import('./migrate.ts'),
      import('../providers/image-model/demo.ts'),
      import('../providers/storage/image-files.ts'),
      import('../providers/storage/select.ts'),
    ]);
  await applyMigrations(databaseUrl);
  const db = createPrismaClient(databaseUrl);
  const storage = createImageStorage(config);
  try {
    const result = await seedDemoData(db, {
      count,
      drawImage: drawDemoImage,
      storeImage: (imageId, webp) => storeImageFiles(storage, imageId, webp),
    });
    console.log(
      result
        ? `Seeded ${result.images} demo images in ${result.runs} runs for ${result.memberId} (files in ${config.S3_BUCKET ? `s3://${config.S3_BUCKET}` : storageDir}).`
        : 'The database already holds images; nothing seeded.',
    );
  } finally {
    await db.$disconnect();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
