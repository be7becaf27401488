import { generateRunId } from '@velvet/contracts/format';
import type { App } from '../../src/app.ts';
import type { Database } from '../../src/db/client.ts';
import { postLedgerEntryAlone } from '../../src/services/ledger/post-ledger-entry.ts';
import { createMember } from './factories.ts';

/** A member with a nickname and `coins` granted through the ledger, plus a bearer token. */
export async function fundedMember(app: App, db: Database, coins: number) {
  const member = await createMember(db);
  if (coins > 0) {
    await postLedgerEntryAlone(db, {
      memberId: member.id,
      delta: coins,
      reason: 'admin_adjustment',
      idempotencyKey: `test-grant:${member.id}`,
    });
  }
  const token = app.signAccessToken({ sub: member.id, role: 'member' });
  return { member, token, headers: { authorization: `Bearer ${token}` } };
}

export function makeBody(overrides: Record<string, unknown> = {}) {
  return {
    run_id: generateRunId(),
    prompt: 'a woman in a red dress on a balcony at night',
    run_type: 'Realistic',
    run_style: 'Free',
    run_ratio: 'Portrait',
    details: 'Realistic, Free, Portrait',
    request_cnt: '1',
    fourk_yn: 'no',
    strength: '0.5',
    is_open: 'N',
    is_claim: 'N',
    ...overrides,
  };
}

export async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}
