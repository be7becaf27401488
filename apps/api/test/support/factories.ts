import { randomBytes } from 'node:crypto';
import type { Database } from '../../src/db/client.ts';
import { drawDemoImage } from '../../src/providers/image-model/demo.ts';
import { storeImageFiles } from '../../src/providers/storage/image-files.ts';
import type { ImageStorage } from '../../src/providers/storage/index.ts';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(3).toString('hex')}`;

export async function createMember(
  db: Database,
  overrides: {
    id?: string;
    nickname?: string | null;
    role?: 'member' | 'support' | 'admin';
    deletedAt?: Date | null;
  } = {},
) {
  const tag = unique();
  const nickname = overrides.nickname === undefined ? `member${tag}` : overrides.nickname;
  return db.member.create({
    data: {
      id: overrides.id ?? `member-${tag}@example.test`,
      nickname,
      nicknameKey: nickname?.toLowerCase() ?? null,
      role: overrides.role ?? 'member',
      adultAttestedAt: new Date(),
      deletedAt: overrides.deletedAt ?? null,
      // Made straight in the database, as if the address had been verified at once.
      emailVerifiedAt: new Date(),
    },
  });
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function newRunId(): string {
  const bytes = randomBytes(32);
  return Array.from(bytes, (b) => ALNUM[b % ALNUM.length]).join('');
}

/** A run with `count` processing images, as the make call will write it (no charge here). */
export async function createProcessingRun(
  db: Database,
  memberId: string,
  count = 2,
  prompt = 'a quiet harbour at dusk',
) {
  const runId = newRunId();
  await db.generationRun.create({
    data: {
      runId,
      memberId,
      prompt,
      runType: 'Realistic',
      runStyle: 'Free',
      runRatio: 'Square',
      width: 1024,
      height: 1024,
      strength: '0.5',
      requestCnt: count,
      cost: 100 * count,
      images: {
        create: Array.from({ length: count }, (_, i) => ({
          imageId: `${runId}${String(i + 1).padStart(3, '0')}`,
          ownerId: memberId,
          prompt,
          runType: 'Realistic',
          runStyle: 'Free',
          runRatio: 'Square',
          strength: '0.5',
          width: 1024,
          height: 1024,
        })),
      },
    },
  });
  return runId;
}

/**
 * A finished run of `count` images with real stored files (small demo pictures), optionally published,
 * with explicit creation times so sorts are predictable.
 */
export async function createCompleteImages(
  services: { db: Database; storage: ImageStorage },
  ownerId: string,
  count: number,
  opts: { open?: boolean; runType?: string; createdAt?: Date; prompt?: string } = {},
): Promise<string[]> {
  const runId = newRunId();
  const prompt = opts.prompt ?? 'a lighthouse in the fog';
  const runType = opts.runType ?? 'Realistic';
  const createdAt = opts.createdAt ?? new Date();
  const imageIds = Array.from({ length: count }, (_, i) => `${runId}${String(i + 1).padStart(3, '0')}`);
  const keys: Array<{ originalKey: string; thumbnailKey: string }> = [];
  for (const imageId of imageIds)
    keys.push(await storeImageFiles(services.storage, imageId, await drawDemoImage(prompt, 64, 64)));
  await services.db.generationRun.create({
    data: {
      runId,
      memberId: ownerId,
      prompt,
      runType,
      runStyle: 'Free',
      runRatio: 'Square',
      width: 1024,
      height: 1024,
      strength: '0.5',
      requestCnt: count,
      cost: 100 * count,
      status: 'complete',
      createdAt,
      images: {
        create: imageIds.map((imageId, i) => ({
          imageId,
          ownerId,
          prompt,
          runType,
          runStyle: 'Free',
          runRatio: 'Square',
          strength: '0.5',
          width: 1024,
          height: 1024,
          status: 'complete' as const,
          isOpen: opts.open ?? false,
          publishedAt: opts.open ? createdAt : null,
          createdAt,
          completedAt: createdAt,
          originalKey: keys[i]!.originalKey,
          thumbnailKey: keys[i]!.thumbnailKey,
        })),
      },
    },
  });
  return imageIds;
}
