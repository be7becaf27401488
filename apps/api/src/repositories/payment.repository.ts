import type { DatabaseOrTransaction, DatabaseTransaction } from '../db/client.ts';
import type { Prisma } from '../generated/prisma/client.ts';

export function lockMember(tx: DatabaseTransaction, memberId: string) {
  return tx.$queryRaw<
    Array<{ id: string; member_kind: string; membership_expires_at: Date | null; coin_balance: number }>
  >`
    SELECT id, member_kind, membership_expires_at, coin_balance FROM members WHERE id = ${memberId} FOR UPDATE`.then(
    (rows) => rows[0] ?? null,
  );
}

export function setMembership(tx: DatabaseTransaction, memberId: string, memberKind: string, expiresAt: Date | null) {
  return tx.member.update({
    where: { id: memberId },
    data: { memberKind, membershipExpiresAt: expiresAt },
    select: { memberKind: true, membershipExpiresAt: true, coinBalance: true },
  });
}

export function flagMember(tx: DatabaseTransaction, memberId: string) {
  return tx.member.update({ where: { id: memberId }, data: { flagged: true } });
}

/** Paid memberships whose time is over. */
export function findExpiredMemberships(db: DatabaseOrTransaction, now: Date, take: number) {
  return db.member.findMany({
    where: { membershipExpiresAt: { lt: now }, NOT: { memberKind: 'free' } },
    select: { id: true },
    take,
  });
}

export function createPayment(db: DatabaseOrTransaction, data: Prisma.PaymentUncheckedCreateInput) {
  return db.payment.create({ data });
}

export function findPayment(db: DatabaseOrTransaction, provider: string, providerRef: string) {
  return db.payment.findUnique({ where: { provider_providerRef: { provider, providerRef } } });
}

export function findPaymentById(db: DatabaseOrTransaction, id: string) {
  return db.payment.findUnique({ where: { id } });
}

export function lockPayment(tx: DatabaseTransaction, provider: string, providerRef: string) {
  return tx.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM payments WHERE provider = ${provider} AND provider_ref = ${providerRef} FOR UPDATE`.then(
    async (rows) => (rows[0] ? tx.payment.findUnique({ where: { id: rows[0].id } }) : null),
  );
}

export function updatePayment(tx: DatabaseOrTransaction, id: string, data: Prisma.PaymentUpdateInput) {
  return tx.payment.update({ where: { id }, data });
}

export interface CardPaymentFilter {
  status?: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'refunded' | undefined;
  kind?: 'coin' | 'membership' | undefined;
  /** Refunded or disputed payments, and partial refunds waiting for a person. */
  reversalsOnly?: boolean;
  /** Part of the member id (their email), case-insensitive. */
  search?: string | undefined;
  /** Keyset: rows strictly older than this (createdAt, id). */
  after?: { at: Date; id: string } | undefined;
  take: number;
}

/** Card payments newest first, for the support console. */
export function listCardPayments(db: DatabaseOrTransaction, filter: CardPaymentFilter) {
  const and: Prisma.PaymentWhereInput[] = [];
  if (filter.status) and.push({ status: filter.status });
  if (filter.kind) and.push({ kind: filter.kind });
  if (filter.search) and.push({ memberId: { contains: filter.search, mode: 'insensitive' } });
  if (filter.reversalsOnly) {
    and.push({ OR: [{ status: 'refunded' }, { failureReason: { startsWith: 'partial refund' } }] });
  }
  if (filter.after) {
    and.push({
      OR: [{ createdAt: { lt: filter.after.at } }, { createdAt: filter.after.at, id: { lt: filter.after.id } }],
    });
  }
  return db.payment.findMany({
    where: { AND: and },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: filter.take,
  });
}
