import { randomBytes } from 'node:crypto';
import type { Database } from '../../src/db/client.ts';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(3).toString('hex')}`;

export async function createMember(
  db: Database,
  overrides: { id?: string; nickname?: string | null; role?: 'member' | 'admin'; deletedAt?: Date | null } = {},
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
