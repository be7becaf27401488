import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, inPoolTransaction, type Database, type PoolTransaction } from '../../../src/db/client.ts';
import { applyMigrations } from '../../../src/db/migrate.ts';
import { Prisma } from '../../../src/generated/prisma/client.ts';
import { createScratchDatabase, useTestCluster, type ScratchDatabase } from '../../support/database.ts';

let cluster: { url: string; stop(): Promise<void> };
let scratch: ScratchDatabase;
let db: Database;

beforeAll(async () => {
  cluster = await useTestCluster();
  scratch = await createScratchDatabase(cluster.url, 'client');
  await applyMigrations(scratch.url);
  db = createPrismaClient(scratch.url);
});

afterAll(async () => {
  await db?.$disconnect();
  await scratch?.drop();
  await cluster?.stop();
});

const uniqueViolation = (target: RegExp) =>
  expect.objectContaining({ code: 'P2002', message: expect.stringMatching(target) });

async function createRunWithImage(ownerId: string, runId: string) {
  await db.generationRun.create({
    data: {
      runId,
      memberId: ownerId,
      prompt: 'a lighthouse at dusk',
      runType: 'Realistic',
      runStyle: 'Free',
      runRatio: 'Portrait',
      width: 832,
      height: 1216,
      strength: '0.5',
      requestCnt: 1,
      cost: 100,
      images: {
        create: {
          imageId: `${runId}001`,
          ownerId,
          prompt: 'a lighthouse at dusk',
          runType: 'Realistic',
          runStyle: 'Free',
          runRatio: 'Portrait',
          strength: '0.5',
          width: 832,
          height: 1216,
        },
      },
    },
  });
  return `${runId}001`;
}

describe('Prisma client on the migrated schema', () => {
  it('creates and reads a member with its defaults', async () => {
    await db.member.create({
      data: { id: 'ann@example.test', nickname: 'Ann', nicknameKey: 'ann', passwordHash: '$argon2id$v=19$x' },
    });
    const member = await db.member.findUniqueOrThrow({ where: { id: 'ann@example.test' } });
    expect(member).toMatchObject({
      nickname: 'Ann',
      memberKind: 'free',
      coinBalance: 0,
      role: 'member',
      flagged: false,
      deletedAt: null,
      adultAttestedAt: null,
    });
    expect(member.createdAt).toBeInstanceOf(Date);
    expect(member.updatedAt).toBeInstanceOf(Date);
  });

  it('keeps nicknames unique regardless of case (through nickname_key)', async () => {
    await db.member.create({ data: { id: 'bob@example.test', nickname: 'Bob', nicknameKey: 'bob' } });
    await expect(
      db.member.create({ data: { id: 'bob2@example.test', nickname: 'BOB', nicknameKey: 'bob' } }),
    ).rejects.toEqual(uniqueViolation(/nickname_key|nicknameKey/));
    // Google-only members may have no nickname yet; many of them.
    await db.member.create({ data: { id: 'g1@example.test' } });
    await db.member.create({ data: { id: 'g2@example.test' } });
  });

  it('allows one like per member and image, and removes likes with their image', async () => {
    await db.member.create({ data: { id: 'cara@example.test' } });
    const imageId = await createRunWithImage('cara@example.test', 'A'.repeat(31) + '1');
    await db.like.create({ data: { memberId: 'ann@example.test', imageId } });
    await expect(db.like.create({ data: { memberId: 'ann@example.test', imageId } })).rejects.toEqual(
      uniqueViolation(/member_id|memberId/),
    );
    await db.like.create({ data: { memberId: 'bob@example.test', imageId } });
    expect(await db.like.count({ where: { imageId } })).toBe(2);

    const liked = await db.like.findMany({
      where: { memberId: 'ann@example.test' },
      orderBy: [{ createdAt: 'desc' }, { imageId: 'desc' }],
      include: { image: true },
    });
    expect(liked.map((l) => l.image.imageId)).toEqual([imageId]);
    expect(liked[0]!.image.strength).toBeInstanceOf(Prisma.Decimal);
    expect(liked[0]!.image.strength.toFixed(1)).toBe('0.5');

    await db.image.delete({ where: { imageId } });
    expect(await db.like.count({ where: { imageId } })).toBe(0);
  });

  it('enforces the ledger: unique idempotency key, no negative balance', async () => {
    await db.ledgerEntry.create({
      data: {
        memberId: 'ann@example.test',
        delta: 500,
        balanceAfter: 500,
        reason: 'welcome',
        idempotencyKey: 'welcome:ann',
      },
    });
    await expect(
      db.ledgerEntry.create({
        data: {
          memberId: 'ann@example.test',
          delta: 500,
          balanceAfter: 1000,
          reason: 'welcome',
          idempotencyKey: 'welcome:ann',
        },
      }),
    ).rejects.toEqual(uniqueViolation(/idempotency_key|idempotencyKey/));
    await expect(
      db.member.update({ where: { id: 'ann@example.test' }, data: { coinBalance: { decrement: 1 } } }),
    ).rejects.toThrow(/members_coin_balance_not_negative/);
  });

  it('keeps is_delete and deleted_at together', async () => {
    const imageId = await createRunWithImage('cara@example.test', 'B'.repeat(31) + '2');
    await expect(db.image.update({ where: { imageId }, data: { isDelete: true } })).rejects.toThrow(
      /images_is_delete_matches_deleted_at/,
    );
    await db.image.update({ where: { imageId }, data: { isDelete: true, isOpen: false, deletedAt: new Date() } });
  });

  it('stores crypto amounts with 18 decimals exactly', async () => {
    const deposit = await db.cryptoDeposit.create({
      data: {
        memberId: 'ann@example.test',
        coin: 'ETH',
        address: '0x00000000000000000000000000000000000000aa',
        derivationIndex: 7,
        serviceKind: 'coin',
        serviceTitle: '3600',
        usdAmountCents: 500,
        requestedAmount: '0.001234567890123456',
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    const read = await db.cryptoDeposit.findUniqueOrThrow({ where: { id: deposit.id } });
    expect(read.requestedAmount.toFixed(18)).toBe('0.001234567890123456');
    expect(read.status).toBe('pending');
    await expect(
      db.cryptoDeposit.create({
        data: { ...deposit, id: undefined, address: '0xbb', requestedAmount: '1', receivedAmount: null, payments: [] },
      }),
    ).rejects.toEqual(uniqueViolation(/derivation_index|derivationIndex/));
  });
});

describe('a transaction on the pool (inPoolTransaction)', () => {
  const member = (id: string) =>
    Prisma.sql`INSERT INTO members (id, coin_balance, updated_at) VALUES (${id}, 0, now())`;
  const exists = async (id: string) => (await db.member.count({ where: { id } })) === 1;

  it('commits what the work wrote when it resolves, and answers what it returned', async () => {
    const answer = await inPoolTransaction(db, async (tx) => {
      expect(await tx.execute(member('pool-commit@example.test'))).toBe(1);
      return tx.rows<{ id: string }>(Prisma.sql`SELECT id FROM members WHERE id = 'pool-commit@example.test'`);
    });
    expect(answer).toEqual([{ id: 'pool-commit@example.test' }]);
    expect(await exists('pool-commit@example.test')).toBe(true);
  });

  it('rolls back everything the work wrote when it throws, and rethrows its error', async () => {
    await expect(
      inPoolTransaction(db, async (tx) => {
        await tx.execute(member('pool-rollback@example.test'));
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(await exists('pool-rollback@example.test')).toBe(false);
    // A statement the database refuses ends it the same way.
    await expect(
      inPoolTransaction(db, async (tx) => {
        await tx.execute(member('pool-refused@example.test'));
        await tx.execute(Prisma.sql`UPDATE members SET coin_balance = -1 WHERE id = 'pool-refused@example.test'`);
      }),
    ).rejects.toThrow(/members_coin_balance_not_negative/);
    expect(await exists('pool-refused@example.test')).toBe(false);
  });

  it('is unseen by other connections until it commits', async () => {
    let seenInside: boolean | undefined;
    await inPoolTransaction(db, async (tx) => {
      await tx.execute(member('pool-isolated@example.test'));
      seenInside = await exists('pool-isolated@example.test');
    });
    expect(seenInside).toBe(false);
    expect(await exists('pool-isolated@example.test')).toBe(true);
  });

  it('refuses a statement sent after it ended, which would run outside it', async () => {
    let kept: PoolTransaction | undefined;
    await inPoolTransaction(db, async (tx) => {
      kept = tx;
    });
    await expect(kept!.execute(member('pool-late@example.test'))).rejects.toThrow(/after it ended/);
    expect(await exists('pool-late@example.test')).toBe(false);
  });

  it('gives its connection back, so more transactions than the pool holds all finish', async () => {
    const small = createPrismaClient(scratch.url, { maxConnections: 2 });
    try {
      const outcomes = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) =>
          inPoolTransaction(small, async (tx) => {
            await tx.execute(member(`pool-many-${i}@example.test`));
            if (i % 3 === 0) throw new Error(`work ${i} failed`);
            return i;
          }),
        ),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled').map((o) => o.value)).toEqual([1, 2, 4, 5, 7, 8, 10, 11]);
      expect(await small.member.count({ where: { id: { startsWith: 'pool-many-' } } })).toBe(8);
    } finally {
      await small.$disconnect();
    }
  });
});
