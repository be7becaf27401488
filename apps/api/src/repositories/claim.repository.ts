import type { Database, DatabaseTransaction } from '../db/client.ts';

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
