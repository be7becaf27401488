import { MODELS, RATIOS, RATIO_NAMES } from '@velvet/contracts/options';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Database } from '../../../src/db/client.ts';
import { applyMigrations } from '../../../src/db/migrate.ts';
import { DEMO_MEMBER, isDatabaseEmpty, seedDemoData } from '../../../src/db/seed.ts';
import { createScratchDatabase, useTestCluster, type ScratchDatabase } from '../../support/database.ts';

let cluster: { url: string; stop(): Promise<void> };
let scratch: ScratchDatabase;
let db: Database;

beforeAll(async () => {
  cluster = await useTestCluster();
  scratch = await createScratchDatabase(cluster.url, 'seed');
  await applyMigrations(scratch.url);
  db = createPrismaClient(scratch.url);
});

afterAll(async () => {
  await db?.$disconnect();
  await scratch?.drop();
  await cluster?.stop();
});

/** Test stand-ins for the demo provider and storage: a flat WebP and an in-memory store. */
function fakes() {
  const drawn: Array<{ seed: string; width: number; height: number }> = [];
  const stored = new Map<string, Buffer>();
  return {
    drawn,
    stored,
    drawImage: async (seed: string, width: number, height: number) => {
      drawn.push({ seed, width, height });
      return sharp({ create: { width, height, channels: 3, background: { r: 120, g: 40, b: 90 } } })
        .webp()
        .toBuffer();
    },
    storeImage: async (imageId: string, webp: Buffer) => {
      stored.set(imageId, webp);
      return { originalKey: `images/${imageId}.webp`, thumbnailKey: `thumbs/${imageId}.webp` };
    },
  };
}

describe('seedDemoData', () => {
  const count = 24;
  const now = new Date('2026-06-01T12:00:00Z');

  it('creates the demo member and the demo gallery in an empty database', async () => {
    expect(await isDatabaseEmpty(db)).toBe(true);
    const f = fakes();
    const result = await seedDemoData(db, { count, now, days: 30, drawImage: f.drawImage, storeImage: f.storeImage });
    expect(result).toEqual({ memberId: DEMO_MEMBER.id, runs: expect.any(Number), images: count });
    expect(await isDatabaseEmpty(db)).toBe(false);

    const member = await db.member.findUniqueOrThrow({ where: { id: 'demo@velvet.local' } });
    expect(member).toMatchObject({
      nickname: 'VelvetDemo',
      nicknameKey: 'velvetdemo',
      passwordHash: null,
      deletedAt: null,
    });

    const images = await db.image.findMany({ include: { run: true } });
    expect(images).toHaveLength(count);
    expect(new Set(images.map((i) => i.runType))).toEqual(new Set(MODELS));
    expect(new Set(images.map((i) => i.runRatio))).toEqual(new Set(RATIO_NAMES));
    expect(images.filter((i) => i.isOpen).length).toBeGreaterThan(count / 2);
    for (const image of images) {
      const ratio = RATIOS[image.runRatio as keyof typeof RATIOS];
      expect(image).toMatchObject({
        ownerId: DEMO_MEMBER.id,
        status: 'complete',
        width: ratio.width,
        height: ratio.height,
        isClaim: false,
        isDelete: false,
        originalKey: `images/${image.imageId}.webp`,
        thumbnailKey: `thumbs/${image.imageId}.webp`,
      });
      expect(image.imageId).toMatch(/^[A-Za-z0-9]{32}\d{3}$/);
      expect(image.imageId.startsWith(image.runId)).toBe(true);
      expect(image.prompt).toBe(image.run.prompt);
      expect(image.createdAt.getTime()).toBeLessThan(now.getTime());
      expect(image.createdAt.getTime()).toBeGreaterThan(now.getTime() - 31 * 86_400_000);
      expect(image.likeCnt).toBeLessThanOrEqual(image.viewCnt);
      expect(image.publishedAt !== null).toBe(image.isOpen);
      expect(f.stored.get(image.imageId)?.byteLength).toBeGreaterThan(0);
    }
    expect(new Set(images.map((i) => i.viewCnt)).size).toBeGreaterThan(count / 2);

    // Pictures are small renditions with the ratio's aspect: a quarter of the real size.
    expect(f.drawn).toHaveLength(count);
    for (const { width, height } of f.drawn) {
      const ratio = Object.values(RATIOS).find(
        (r) => Math.round(r.width / 4) === width && Math.round(r.height / 4) === height,
      );
      expect(ratio, `${width}x${height}`).toBeDefined();
    }
    const meta = await sharp(f.stored.values().next().value!).metadata();
    expect(meta.format).toBe('webp');

    const runs = await db.generationRun.findMany({ include: { _count: { select: { images: true } } } });
    expect(runs.reduce((sum, run) => sum + run._count.images, 0)).toBe(count);
    for (const run of runs) {
      expect(run.requestCnt).toBe(run._count.images);
      expect(run.cost).toBe(100 * run.requestCnt * (run.fourk ? 2 : 1));
    }
  });

  it('does nothing once the database holds images', async () => {
    const f = fakes();
    const again = await seedDemoData(db, { count, drawImage: f.drawImage, storeImage: f.storeImage });
    expect(again).toBeNull();
    expect(f.drawn).toHaveLength(0);
    expect(await db.image.count()).toBe(count);
    expect(await db.member.count({ where: { id: DEMO_MEMBER.id } })).toBe(1);
  });
});

describe('seedDemoData from two processes at once', () => {
  it('seeds exactly once', async () => {
    const other = await createScratchDatabase(cluster.url, 'seed_race');
    const a = createPrismaClient(other.url);
    const b = createPrismaClient(other.url);
    try {
      await applyMigrations(other.url);
      const f = fakes();
      const results = await Promise.all([
        seedDemoData(a, { count: 6, drawImage: f.drawImage, storeImage: f.storeImage }),
        seedDemoData(b, { count: 6, drawImage: f.drawImage, storeImage: f.storeImage }),
      ]);
      expect(results.filter((r) => r !== null)).toHaveLength(1);
      expect(await a.image.count()).toBe(6);
    } finally {
      await a.$disconnect();
      await b.$disconnect();
      await other.drop();
    }
  });
});
