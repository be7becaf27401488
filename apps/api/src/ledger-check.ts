import { loadConfig } from './config/env.ts';
import { createPrismaClient } from './db/client.ts';
import { checkLedger } from './services/ledger/check-ledger.ts';

/**
 * `pnpm ledger:check`: verifies that every member's cached balance equals the sum of their ledger
 * entries. Exits 1 and lists the members that disagree.
 */
const config = loadConfig();
const db = createPrismaClient(config.DATABASE_URL);
try {
  const { members, mismatches } = await checkLedger(db);
  if (mismatches.length === 0) {
    console.log(`ledger ok: ${members} members, every balance equals its ledger sum`);
  } else {
    console.error(`ledger MISMATCH for ${mismatches.length} of ${members} members:`);
    for (const m of mismatches) console.error(`  ${m.memberId}: balance ${m.balance}, ledger sum ${m.ledgerSum}`);
    process.exitCode = 1;
  }
} finally {
  await db.$disconnect();
}
