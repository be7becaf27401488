import type { Database, DatabaseOrTransaction, DatabaseTransaction } from '../db/client.ts';

/** The only code that reads or writes ledger rows and members.coin_balance (through the ledger service). */

export async function lockIdempotencyKey(tx: DatabaseTransaction, key: string): Promise<void> {
  // Serialises transactions that post the same key: the second waits for the first to commit, then
  // sees its entry. Held until the transaction ends.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`;
}

export function findEntryByKey(db: DatabaseOrTransaction, idempotencyKey: string) {
  return db.ledgerEntry.findUnique({ where: { idempotencyKey } });
}

/**
 * Adds `delta` to the member's balance only when the result stays at or above zero, in one statement,
 * so concurrent debits can never overdraw. Returns the new balance, or null when the member does not
 * exist or the balance is too low.
 */
export async function applyBalanceDelta(tx: DatabaseTransaction, memberId: string, delta: number) {
  const rows = await tx.$queryRaw<Array<{ coin_balance: number }>>`
    UPDATE members
       SET coin_balance = coin_balance + ${delta}, updated_at = now()
     WHERE id = ${memberId} AND coin_balance + ${delta} >= 0
 RETURNING coin_balance`;
  return rows[0]?.coin_balance ?? null;
}

export function memberBalance(db: DatabaseOrTransaction, memberId: string) {
  return db.member.findUnique({ where: { id: memberId }, select: { coinBalance: true } });
}

export function insertEntry(
  tx: DatabaseTransaction,
  entry: {
    memberId: string;
    delta: number;
    balanceAfter: number;
    reason: string;
    reference: string | null;
    idempotencyKey: string;
  },
) {
  return tx.ledgerEntry.create({ data: entry });
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
