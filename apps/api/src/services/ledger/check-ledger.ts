import type { Database } from '../../db/client.ts';
import { countMembers, findBalanceMismatches } from '../../repositories/ledger.repository.ts';

export interface LedgerCheck {
  members: number;
  mismatches: Array<{ memberId: string; balance: number; ledgerSum: number }>;
}

/** Compares every member's cached balance with the sum of their ledger entries. */
export async function checkLedger(db: Database): Promise<LedgerCheck> {
  const [members, rows] = await Promise.all([countMembers(db), findBalanceMismatches(db)]);
  return {
    members,
    mismatches: rows.map((r) => ({ memberId: r.member_id, balance: r.coin_balance, ledgerSum: r.ledger_sum })),
  };
}
