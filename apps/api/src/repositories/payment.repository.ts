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

/**
 * Paid memberships whose time is over. A plan the processor still renews (recurring, not stopped) is
 * left alone for `renewingGraceMs` more: its rebill may land a little after the end instant.
 */
export function findExpiredMemberships(db: DatabaseOrTransaction, now: Date, take: number, renewingGraceMs = 0) {
  return db.member.findMany({
    where: {
      membershipExpiresAt: { lt: now },
      NOT: { memberKind: 'free' },
      OR: [
        { membershipExpiresAt: { lt: new Date(now.getTime() - renewingGraceMs) } },
        { payments: { none: { recurring: true, renewalStoppedAt: null, status: 'succeeded' } } },
      ],
    },
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

/** A processor's payment by its sale id (Verotel's saleID), newest first should there be several. */
export function findPaymentBySale(db: DatabaseOrTransaction, provider: string, saleId: string) {
  return db.payment.findFirst({ where: { provider, saleId }, orderBy: { createdAt: 'desc' } });
}

/** The member's newest plan the processor renews by itself, once it was paid. */
export function findNewestRecurringPayment(db: DatabaseOrTransaction, memberId: string) {
  return db.payment.findFirst({
    where: { memberId, recurring: true, status: 'succeeded' },
    orderBy: { createdAt: 'desc' },
  });
}

export interface PaymentEventInput {
  provider: string;
  eventKey: string;
  paymentId: string | null;
  event: string;
  /** Every received parameter but the signature. */
  params: Record<string, string>;
  outcome: string;
}

/**
 * Records a processor event once per (provider, eventKey): false when that key is already there (a
 * replay). ON CONFLICT DO NOTHING keeps the caller's transaction usable; a concurrent insert of the
 * same key waits for the other transaction and then finds it.
 */
export async function insertPaymentEvent(tx: DatabaseOrTransaction, data: PaymentEventInput): Promise<boolean> {
  const { count } = await tx.paymentEvent.createMany({ data: [data], skipDuplicates: true });
  return count === 1;
}

export function setPaymentEventOutcome(
  tx: DatabaseOrTransaction,
  provider: string,
  eventKey: string,
  data: { outcome: string; paymentId?: string | null },
) {
  return tx.paymentEvent.update({ where: { provider_eventKey: { provider, eventKey } }, data });
}

/** How many events were recorded under this key or its numbered repeats (`key#2`, `key#3`...). */
export function countPaymentEvents(tx: DatabaseOrTransaction, provider: string, eventKey: string) {
  return tx.paymentEvent.count({
    where: { provider, OR: [{ eventKey }, { eventKey: { startsWith: `${eventKey}#` } }] },
  });
}

export function findLedgerEntryByKey(tx: DatabaseOrTransaction, idempotencyKey: string) {
  return tx.ledgerEntry.findUnique({ where: { idempotencyKey } });
}

export function findMembership(db: DatabaseOrTransaction, memberId: string) {
  return db.member.findUnique({ where: { id: memberId }, select: { memberKind: true, membershipExpiresAt: true } });
}
