import type { Database, DatabaseOrTransaction, DatabaseTransaction } from '../db/client.ts';
import type { ClaimStatus, Prisma } from '../generated/prisma/client.ts';

export function runCostShare(tx: DatabaseTransaction, runId: string) {
  return tx.generationRun.findUnique({ where: { runId }, select: { cost: true, requestCnt: true } });
}

export function createClaim(tx: DatabaseTransaction, data: { imageId: string; memberId: string; coins: number }) {
  return tx.claim.create({ data });
}

export function markClaimed(tx: DatabaseTransaction, imageId: string) {
  return tx.image.update({ where: { imageId }, data: { isClaim: true, isOpen: false } });
}

export function countClaimsSince(db: Database, memberId: string, since: Date) {
  return db.claim.count({ where: { memberId, createdAt: { gte: since } } });
}

const claimFields = {
  id: true,
  imageId: true,
  memberId: true,
  status: true,
  coins: true,
  createdAt: true,
  decidedAt: true,
  refundedAt: true,
  member: { select: { deletedAt: true } },
} as const;

export function lockClaim(tx: DatabaseTransaction, claimId: string) {
  return tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM claims WHERE id = ${claimId}::uuid FOR UPDATE`.then(
    async (rows) => (rows.length ? tx.claim.findUnique({ where: { id: claimId }, select: claimFields }) : null),
  );
}

export function updateClaim(
  tx: DatabaseTransaction,
  claimId: string,
  data: { status: 'approved' | 'rejected' | 'refunded'; decidedAt?: Date; refundedAt?: Date },
) {
  return tx.claim.update({ where: { id: claimId }, data, select: claimFields });
}

export async function listClaims(
  db: Database,
  status: 'pending' | 'approved' | 'rejected' | 'refunded' | undefined,
  skip: number,
  take: number,
) {
  const where = status ? { status } : {};
  const [rows, total] = await Promise.all([
    db.claim.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip, take, select: claimFields }),
    db.claim.count({ where }),
  ]);
  return { rows, total };
}

export type ClaimRecord = Awaited<ReturnType<typeof listClaims>>['rows'][number];

// --- The support console's Claims screen (issue 15) ---

const consoleClaimFields = {
  id: true,
  imageId: true,
  memberId: true,
  status: true,
  coins: true,
  createdAt: true,
  decidedAt: true,
  decidedBy: true,
  rejectReason: true,
  refundedAt: true,
  member: { select: { deletedAt: true, nickname: true, coinBalance: true } },
  image: { select: { prompt: true } },
} as const satisfies Prisma.ClaimSelect;

export type ConsoleClaimRecord = Prisma.ClaimGetPayload<{ select: typeof consoleClaimFields }>;

/** Pending: oldest first (the automatic refund fires there first); decided ones newest first. */
export function listClaimQueue(
  db: DatabaseOrTransaction,
  status: ClaimStatus,
  after: { at: Date; id: string } | null,
  take: number,
): Promise<ConsoleClaimRecord[]> {
  const asc = status === 'pending';
  const cmp = asc ? 'gt' : 'lt';
  const where: Prisma.ClaimWhereInput = {
    status,
    ...(after ? { OR: [{ createdAt: { [cmp]: after.at } }, { createdAt: after.at, id: { [cmp]: after.id } }] } : {}),
  };
  const order = asc ? 'asc' : 'desc';
  return db.claim.findMany({ where, orderBy: [{ createdAt: order }, { id: order }], take, select: consoleClaimFields });
}

export function findConsoleClaim(db: DatabaseOrTransaction, claimId: string): Promise<ConsoleClaimRecord | null> {
  return db.claim.findUnique({ where: { id: claimId }, select: consoleClaimFields });
}

/** Locks the claim's row until the transaction ends (two decisions on one claim queue up). */
export async function lockConsoleClaim(tx: DatabaseTransaction, claimId: string): Promise<ConsoleClaimRecord | null> {
  const rows = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM claims WHERE id = ${claimId}::uuid FOR UPDATE`;
  return rows.length ? findConsoleClaim(tx, claimId) : null;
}

/** Decides a pending claim; false when it was not pending any more (someone else decided first). */
export async function decidePendingClaim(
  tx: DatabaseTransaction,
  claimId: string,
  data:
    | { status: 'refunded'; decidedAt: Date; decidedBy: string; refundedAt: Date }
    | { status: 'rejected'; decidedAt: Date; decidedBy: string; rejectReason: string },
): Promise<boolean> {
  const updated = await tx.claim.updateMany({ where: { id: claimId, status: 'pending' }, data });
  return updated.count === 1;
}

/** The claimed image's thumbnail key (null once purged or never made). */
export async function findClaimThumbnailKey(db: DatabaseOrTransaction, claimId: string) {
  const claim = await db.claim.findUnique({
    where: { id: claimId },
    select: { image: { select: { imageId: true, thumbnailKey: true, status: true } } },
  });
  return claim?.image ?? null;
}
