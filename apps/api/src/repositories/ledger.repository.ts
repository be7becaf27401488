import { Prisma } from '../generated/prisma/client.ts';
import { readRows, type Database, type DatabaseOrTransaction, type RawTransaction } from '../db/client.ts';

/** The only code that reads or writes ledger rows and members.coin_balance (through the ledger service). */

export function findEntryByKey(db: DatabaseOrTransaction, idempotencyKey: string) {
  return db.ledgerEntry.findUnique({ where: { idempotencyKey } });
}

/**
 * Adds `delta` to the member's balance only when the result stays at or above zero, in one statement,
 * so concurrent debits can never overdraw. Returns the new balance, or null when the member does not
 * exist or the balance is too low.
 */
export async function applyBalanceDelta(tx: RawTransaction, memberId: string, delta: number) {
  const rows = await readRows<{ coin_balance: number }>(
    tx,
    Prisma.sql`
      UPDATE members
         SET coin_balance = coin_balance + ${delta}, updated_at = now()
       WHERE id = ${memberId} AND coin_balance + ${delta} >= 0
   RETURNING coin_balance`,
  );
  return rows[0]?.coin_balance ?? null;
}

/** The entry posted under `idempotencyKey`, if any (its id and member), inside either kind of transaction. */
export async function findEntryOwner(
  tx: RawTransaction,
  idempotencyKey: string,
): Promise<{ id: string; memberId: string } | null> {
  const rows = await readRows<{ id: string; member_id: string }>(
    tx,
    Prisma.sql`SELECT id::text AS id, member_id FROM ledger_entries WHERE idempotency_key = ${idempotencyKey}`,
  );
  const row = rows[0];
  return row ? { id: row.id, memberId: row.member_id } : null;
}

/** The member's balance (null: no such member), inside either kind of transaction. */
export async function balanceWithin(tx: RawTransaction, memberId: string): Promise<number | null> {
  const rows = await readRows<{ coin_balance: number }>(
    tx,
    Prisma.sql`SELECT coin_balance FROM members WHERE id = ${memberId}`,
  );
  return rows[0]?.coin_balance ?? null;
}

export function memberBalance(db: DatabaseOrTransaction, memberId: string) {
  return db.member.findUnique({ where: { id: memberId }, select: { coinBalance: true } });
}

/**
 * One movement in one statement (one round trip): the balance moves by `delta` unless that would take
 * it below zero, and the entry is written with the balance after it, unless an entry with its key
 * exists. `ON CONFLICT DO NOTHING` on the unique key makes a transaction posting the same key wait for
 * the one that wrote it first, then write nothing. `balance`: the balance after the move (null: no such
 * member, or the balance is too low, and nothing moved); `entryId`: null when no entry was written
 * (then the caller undoes the move, which stays inside its transaction).
 */
export async function moveAndRecord(
  tx: RawTransaction,
  entry: {
    id: string;
    memberId: string;
    delta: number;
    reason: string;
    reference: string | null;
    idempotencyKey: string;
  },
): Promise<{ balance: number | null; entryId: string | null }> {
  const rows = await readRows<{ balance: number | null; entry_id: string | null }>(
    tx,
    Prisma.sql`
    WITH moved AS (
        UPDATE members
           SET coin_balance = coin_balance + ${entry.delta}, updated_at = now()
         WHERE id = ${entry.memberId} AND coin_balance + ${entry.delta} >= 0
     RETURNING id, coin_balance
    ), written AS (
        INSERT INTO ledger_entries (id, member_id, delta, balance_after, reason, reference, idempotency_key, created_at)
        SELECT ${entry.id}::uuid, moved.id, ${entry.delta}, moved.coin_balance, ${entry.reason}, ${entry.reference},
               ${entry.idempotencyKey}, clock_timestamp()
          FROM moved
        ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING id
    )
    SELECT (SELECT coin_balance FROM moved) AS balance, (SELECT id::text FROM written) AS entry_id`,
  );
  const row = rows[0];
  return { balance: row?.balance ?? null, entryId: row?.entry_id ?? null };
}

/** Members whose cached balance differs from the sum of their ledger entries. */
export function findBalanceMismatches(db: Database) {
  return db.$queryRaw<Array<{ member_id: string; coin_balance: number; ledger_sum: number }>>`
    SELECT m.id AS member_id, m.coin_balance, COALESCE(SUM(l.delta), 0)::int AS ledger_sum
      FROM members m
      LEFT JOIN ledger_entries l ON l.member_id = m.id
     GROUP BY m.id, m.coin_balance
    HAVING m.coin_balance <> COALESCE(SUM(l.delta), 0)`;
}

export function countMembers(db: Database) {
  return db.member.count();
}
