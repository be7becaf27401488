import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, inPoolTransaction, type Database } from '../../../src/db/client.ts';
import { Prisma } from '../../../src/generated/prisma/client.ts';
import { checkLedger } from '../../../src/services/ledger/check-ledger.ts';
import {
  InsufficientCoinsError,
  postLedgerEntry,
  postLedgerEntryAlone as postInPrismaTransaction,
  type LedgerPosting,
} from '../../../src/services/ledger/post-ledger-entry.ts';
import { testDatabaseUrl } from '../../support/workers.ts';
import { createMember } from '../../support/factories.ts';

/** The make call posts its charge in a transaction on the pool; every other caller in Prisma's. */
const postInPoolTransaction = (db: Database, posting: LedgerPosting) =>
  inPoolTransaction(db, (tx) => postLedgerEntry(tx, posting));

describe.each([
  ["in Prisma's transaction", postInPrismaTransaction],
  ['in a transaction on the pool', postInPoolTransaction],
])('ledger service, %s', (_kind, postLedgerEntryAlone) => {
  let db: Database;
  beforeAll(() => {
    db = createPrismaClient(testDatabaseUrl(), { maxConnections: 20 });
  });
  afterAll(() => db.$disconnect());

  const balanceOf = async (id: string) => (await db.member.findUniqueOrThrow({ where: { id } })).coinBalance;

  it('writes one row per movement with the balance after it', async () => {
    const m = await createMember(db);
    const credit = await postLedgerEntryAlone(db, {
      memberId: m.id,
      delta: 300,
      reason: 'coin_pack',
      idempotencyKey: `t:${m.id}:1`,
    });
    const debit = await postLedgerEntryAlone(db, {
      memberId: m.id,
      delta: -120,
      reason: 'generation',
      reference: 'run1',
      idempotencyKey: `t:${m.id}:2`,
    });
    expect([credit.balance, debit.balance]).toEqual([300, 180]);
    const rows = await db.ledgerEntry.findMany({ where: { memberId: m.id }, orderBy: { createdAt: 'asc' } });
    expect(rows.map((r) => [r.delta, r.balanceAfter, r.reason, r.reference])).toEqual([
      [300, 300, 'coin_pack', null],
      [-120, 180, 'generation', 'run1'],
    ]);
  });

  it('posts a key once, however often and however concurrently it is sent', async () => {
    const m = await createMember(db);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        postLedgerEntryAlone(db, { memberId: m.id, delta: 250, reason: 'coin_pack', idempotencyKey: `pay:${m.id}` }),
      ),
    );
    expect(results.filter((r) => r.posted)).toHaveLength(1);
    expect(new Set(results.map((r) => r.entryId)).size).toBe(1);
    expect(await balanceOf(m.id)).toBe(250);
  });

  it('answers a key posted before with its entry, moving nothing, also when the balance could not pay it again', async () => {
    const m = await createMember(db);
    await postLedgerEntryAlone(db, { memberId: m.id, delta: 100, reason: 'welcome', idempotencyKey: `w:${m.id}` });
    const charge = { memberId: m.id, delta: -100, reason: 'generation' as const, idempotencyKey: `g:${m.id}` };
    const first = await postLedgerEntryAlone(db, charge);
    expect(first).toMatchObject({ posted: true, balance: 0 });
    // Sent again (a retry): the balance is 0 now, yet this is the same charge, not a new one.
    expect(await postLedgerEntryAlone(db, charge)).toEqual({ posted: false, balance: 0, entryId: first.entryId });
    // A credit's key sent again: nothing moves (its balance was moved and moved back unseen).
    await postLedgerEntryAlone(db, { memberId: m.id, delta: 50, reason: 'coin_pack', idempotencyKey: `p:${m.id}` });
    const again = await postLedgerEntryAlone(db, {
      memberId: m.id,
      delta: 50,
      reason: 'coin_pack',
      idempotencyKey: `p:${m.id}`,
    });
    expect(again).toMatchObject({ posted: false, balance: 50 });
    expect(await balanceOf(m.id)).toBe(50);
    expect(await db.ledgerEntry.count({ where: { memberId: m.id } })).toBe(3);
    expect((await checkLedger(db)).mismatches).toEqual([]);
  });

  it('posts a debit once when it is sent twice at once and the balance pays for one', async () => {
    const m = await createMember(db);
    await postLedgerEntryAlone(db, { memberId: m.id, delta: 100, reason: 'welcome', idempotencyKey: `w:${m.id}` });
    const charge = { memberId: m.id, delta: -100, reason: 'generation' as const, idempotencyKey: `g:${m.id}` };
    const results = await Promise.all(Array.from({ length: 8 }, () => postLedgerEntryAlone(db, charge)));
    expect(results.filter((r) => r.posted)).toHaveLength(1);
    expect(results.map((r) => r.balance)).toEqual(results.map(() => 0));
    expect(await balanceOf(m.id)).toBe(0);
  });

  it('refuses a key that another member posted, and moves nothing', async () => {
    const [a, b] = [await createMember(db), await createMember(db)];
    await postLedgerEntryAlone(db, {
      memberId: a.id,
      delta: 70,
      reason: 'coin_pack',
      idempotencyKey: `shared:${a.id}`,
    });
    await expect(
      postLedgerEntryAlone(db, { memberId: b.id, delta: 70, reason: 'coin_pack', idempotencyKey: `shared:${a.id}` }),
    ).rejects.toThrow(/belongs to another member/);
    expect([await balanceOf(a.id), await balanceOf(b.id)]).toEqual([70, 0]);
  });

  it('refuses a movement for a member who does not exist', async () => {
    await expect(
      postLedgerEntryAlone(db, {
        memberId: 'no-such-member',
        delta: 10,
        reason: 'admin_adjustment',
        idempotencyKey: `nobody:${Date.now()}`,
      }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  it('never lets a balance go below zero, even under concurrent debits', async () => {
    const m = await createMember(db);
    await postLedgerEntryAlone(db, { memberId: m.id, delta: 500, reason: 'welcome', idempotencyKey: `w:${m.id}` });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        postLedgerEntryAlone(db, {
          memberId: m.id,
          delta: -100,
          reason: 'generation',
          idempotencyKey: `g:${m.id}:${i}`,
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(refused).toHaveLength(35);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientCoinsError);
    expect(await balanceOf(m.id)).toBe(0);
    expect(await db.ledgerEntry.count({ where: { memberId: m.id } })).toBe(6);
  });

  it('rolls back what the movement paid for when the debit is refused', async () => {
    const m = await createMember(db);
    const refused = { memberId: m.id, delta: -1, reason: 'generation' as const, idempotencyKey: `x:${m.id}` };
    await expect(
      postLedgerEntryAlone === postInPoolTransaction
        ? inPoolTransaction(db, async (tx) => {
            await tx.execute(
              Prisma.sql`INSERT INTO qna_posts (id, member_id, board_title, contents, updated_at) VALUES (gen_random_uuid(), ${m.id}, 'other', 'paid for', now())`,
            );
            await postLedgerEntry(tx, refused);
          })
        : db.$transaction(async (tx) => {
            await tx.qna.create({ data: { memberId: m.id, boardTitle: 'other', contents: 'paid for' } });
            await postLedgerEntry(tx, refused);
          }),
    ).rejects.toThrow('Not enough coins: this needs 1 and the balance is 0.');
    expect(await db.qna.count({ where: { memberId: m.id } })).toBe(0);
  });

  it('refuses a zero movement', async () => {
    const m = await createMember(db);
    await expect(
      postLedgerEntryAlone(db, { memberId: m.id, delta: 0, reason: 'admin_adjustment', idempotencyKey: `z:${m.id}` }),
    ).rejects.toThrow(/non-zero/);
  });

  it('finds no member whose balance differs from the ledger sum, and finds one that does', async () => {
    expect((await checkLedger(db)).mismatches).toEqual([]);
    const m = await createMember(db);
    // A write that bypasses the ledger (what the check exists to catch).
    await db.member.update({ where: { id: m.id }, data: { coinBalance: 42 } });
    expect((await checkLedger(db)).mismatches).toEqual([{ memberId: m.id, balance: 42, ledgerSum: 0 }]);
    await db.member.update({ where: { id: m.id }, data: { coinBalance: 0 } });
  });
});
