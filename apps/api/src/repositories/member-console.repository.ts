// The support console's reads and writes of members (issue 15, docs/support.md "Members"): search,
// the member's context, the ledger history, and the conditional writes of suspend, restore and role
// change (a second support person acting on the same state changes nothing: count 0).
import type { DatabaseOrTransaction, DatabaseTransaction } from '../db/client.ts';
import type { Prisma } from '../generated/prisma/client.ts';

export interface Keyset {
  at: Date;
  id: string;
}

const rowFields = {
  id: true,
  nickname: true,
  role: true,
  memberKind: true,
  coinBalance: true,
  createdAt: true,
  emailVerifiedAt: true,
  mutedUntil: true,
  suspendedAt: true,
  suspendedReason: true,
  membershipExpiresAt: true,
  flagged: true,
  deletedAt: true,
} as const;

export type ConsoleMemberRecord = Prisma.MemberGetPayload<{ select: typeof rowFields }>;

/** (createdAt, id) strictly after the cursor in descending order. */
function olderThan(after: Keyset | undefined) {
  return after ? { OR: [{ createdAt: { lt: after.at } }, { createdAt: after.at, id: { lt: after.id } }] } : {};
}

/**
 * Members whose email or nickname starts with `prefix` (any case: ids and nickname keys are stored
 * lower-cased), newest first, deleted accounts left out; `limit` rows.
 */
export function searchMembers(
  db: DatabaseOrTransaction,
  options: { prefix?: string | undefined; after?: Keyset | undefined; limit: number },
): Promise<ConsoleMemberRecord[]> {
  const prefix = options.prefix?.toLowerCase();
  return db.member.findMany({
    where: {
      AND: [
        { deletedAt: null },
        prefix ? { OR: [{ id: { startsWith: prefix } }, { nicknameKey: { startsWith: prefix } }] } : {},
        olderThan(options.after),
      ],
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: options.limit,
    select: rowFields,
  });
}

export function findConsoleMember(db: DatabaseOrTransaction, memberId: string) {
  return db.member.findUnique({ where: { id: memberId }, select: rowFields });
}

/** Locks the member's row for the rest of the transaction and returns it (null: no such member). */
export async function lockConsoleMember(tx: DatabaseTransaction, memberId: string) {
  await tx.$queryRaw`SELECT id FROM members WHERE id = ${memberId} FOR UPDATE`;
  return findConsoleMember(tx, memberId);
}

const RECENT = 5;

/** The member's latest runs, card payments, crypto deposits and claims (the context card). */
export async function recentActivity(db: DatabaseOrTransaction, memberId: string) {
  const [runs, payments, deposits, claims] = await Promise.all([
    db.generationRun.findMany({
      where: { memberId },
      orderBy: { createdAt: 'desc' },
      take: RECENT,
      select: {
        runId: true,
        prompt: true,
        status: true,
        requestCnt: true,
        cost: true,
        createdAt: true,
      },
    }),
    db.payment.findMany({
      where: { memberId },
      orderBy: { createdAt: 'desc' },
      take: RECENT,
      select: {
        id: true,
        provider: true,
        kind: true,
        status: true,
        amountCents: true,
        coins: true,
        createdAt: true,
      },
    }),
    db.cryptoDeposit.findMany({
      where: { memberId },
      orderBy: { createdAt: 'desc' },
      take: RECENT,
      select: {
        id: true,
        coin: true,
        serviceKind: true,
        status: true,
        outcome: true,
        usdAmountCents: true,
        coins: true,
        createdAt: true,
      },
    }),
    db.claim.findMany({
      where: { memberId },
      orderBy: { createdAt: 'desc' },
      take: RECENT,
      select: { id: true, imageId: true, status: true, coins: true, createdAt: true },
    }),
  ]);
  return { runs, payments, deposits, claims };
}

/** The member's ledger entries, newest first. */
export function listLedgerEntries(
  db: DatabaseOrTransaction,
  memberId: string,
  options: { after?: Keyset | undefined; limit: number },
) {
  return db.ledgerEntry.findMany({
    where: { AND: [{ memberId }, olderThan(options.after)] },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: options.limit,
    select: { id: true, delta: true, balanceAfter: true, reason: true, reference: true, createdAt: true },
  });
}

/** Suspends a member who is not suspended; false when already suspended (nothing changed). */
export async function suspendMember(tx: DatabaseTransaction, memberId: string, reason: string, at: Date) {
  const { count } = await tx.member.updateMany({
    where: { id: memberId, suspendedAt: null, deletedAt: null },
    data: { suspendedAt: at, suspendedReason: reason },
  });
  return count === 1;
}

/** Lifts a suspension; false when the member was not suspended. */
export async function unsuspendMember(tx: DatabaseTransaction, memberId: string) {
  const { count } = await tx.member.updateMany({
    where: { id: memberId, suspendedAt: { not: null } },
    data: { suspendedAt: null, suspendedReason: null },
  });
  return count === 1;
}

/** Sets the role when it differs; false when the member already has it. */
export async function changeRole(tx: DatabaseTransaction, memberId: string, role: 'member' | 'support' | 'admin') {
  const { count } = await tx.member.updateMany({
    where: { id: memberId, deletedAt: null, role: { not: role } },
    data: { role },
  });
  return count === 1;
}
