import type { CryptoCoin } from '@velvet/contracts/options';
import type { Database, DatabaseOrTransaction, DatabaseTransaction } from '../db/client.ts';
import type { Prisma } from '../generated/prisma/client.ts';

/** The only code that reads or writes crypto_deposits and crypto_rate_overrides. */

export type DepositRow = NonNullable<Awaited<ReturnType<typeof findDeposit>>>;

/** The PostgreSQL sequences of the migration: one counter per coin, never reused. */
const SEQUENCES: Record<CryptoCoin, string> = {
  BTC: 'crypto_deposit_btc_index_seq',
  ETH: 'crypto_deposit_eth_index_seq',
  XRP: 'crypto_deposit_xrp_tag_seq',
};

/** The next HD child index (BTC, ETH) or destination tag (XRP). */
export async function nextDepositNumber(db: DatabaseOrTransaction, coin: CryptoCoin): Promise<number> {
  // The name comes from the constant above, never from input.
  const rows = await db.$queryRawUnsafe<Array<{ n: number }>>(`SELECT nextval('${SEQUENCES[coin]}')::int AS n`);
  return rows[0]!.n;
}

/** A member's deposits of one coin still waiting for money (the open-address limit). */
export function countOpenDeposits(db: DatabaseOrTransaction, memberId: string, coin: CryptoCoin, now: Date) {
  return db.cryptoDeposit.count({ where: { memberId, coin, status: 'pending', expiresAt: { gt: now } } });
}

export function insertDeposit(db: DatabaseOrTransaction, data: Prisma.CryptoDepositUncheckedCreateInput) {
  return db.cryptoDeposit.create({ data });
}

export function findDeposit(db: DatabaseOrTransaction, id: string) {
  return db.cryptoDeposit.findUnique({ where: { id } });
}

/** A hosted gateway's deposit by the gateway's payment id. */
export function findGatewayDeposit(db: DatabaseOrTransaction, gateway: string, gatewayRef: string) {
  return db.cryptoDeposit.findUnique({ where: { gateway_gatewayRef: { gateway, gatewayRef } } });
}

/** The row, locked until the transaction ends: one writer per deposit at a time. */
export async function lockDeposit(tx: DatabaseTransaction, id: string) {
  await tx.$queryRaw`SELECT id FROM crypto_deposits WHERE id = ${id}::uuid FOR UPDATE`;
  return tx.cryptoDeposit.findUnique({ where: { id } });
}

export function updateDeposit(db: DatabaseOrTransaction, id: string, data: Prisma.CryptoDepositUpdateInput) {
  return db.cryptoDeposit.update({ where: { id }, data });
}

/**
 * What a coin's watcher asks about, at most `take`: deposits still waiting (pending, seen) first, then
 * confirmed or expired ones not yet credited whose expiry is within the late-watch window; oldest
 * expiry first within each. Waiting deposits come first so that a pile of abandoned, expired ones can
 * never push a deposit being paid right now out of the batch.
 */
export async function findWatchedDeposits(db: Database, coin: CryptoCoin, watchSince: Date, take: number) {
  // Only our own addresses: a hosted gateway's deposits move on its notifications alone.
  const waiting = await db.cryptoDeposit.findMany({
    where: { coin, gateway: 'self', status: { in: ['pending', 'seen'] } },
    orderBy: { expiresAt: 'asc' },
    take,
  });
  if (waiting.length >= take) return waiting;
  const late = await db.cryptoDeposit.findMany({
    where: { coin, gateway: 'self', status: { in: ['confirmed', 'expired'] }, expiresAt: { gt: watchSince } },
    orderBy: { expiresAt: 'asc' },
    take: take - waiting.length,
  });
  return [...waiting, ...late];
}

export interface DepositFilter {
  needsReview?: boolean | undefined;
  status?: Prisma.CryptoDepositWhereInput['status'];
  outcome?: Prisma.CryptoDepositWhereInput['outcome'];
  coin?: string | undefined;
  /** Part of the member id (their email), case-insensitive. */
  search?: string | undefined;
}

function depositWhere(filter: DepositFilter): Prisma.CryptoDepositWhereInput {
  return {
    ...(filter.needsReview !== undefined ? { needsReview: filter.needsReview } : {}),
    ...(filter.status !== undefined ? { status: filter.status } : {}),
    ...(filter.outcome !== undefined ? { outcome: filter.outcome } : {}),
    ...(filter.coin !== undefined ? { coin: filter.coin } : {}),
    ...(filter.search ? { memberId: { contains: filter.search, mode: 'insensitive' as const } } : {}),
  };
}

/**
 * Newest first. `after` (keyset: rows strictly older than this createdAt, id) wins over `page`;
 * `take` may be limit + 1 to learn whether a next page exists.
 */
export async function listDeposits(
  db: Database,
  filter: DepositFilter,
  page: number,
  take: number,
  after?: { at: Date; id: string },
) {
  const where = depositWhere(filter);
  const keyset: Prisma.CryptoDepositWhereInput = after
    ? { OR: [{ createdAt: { lt: after.at } }, { createdAt: after.at, id: { lt: after.id } }] }
    : {};
  const [rows, total] = await Promise.all([
    db.cryptoDeposit.findMany({
      where: { AND: [where, keyset] },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      ...(after ? {} : { skip: (page - 1) * (take - 1) }),
      take,
    }),
    db.cryptoDeposit.count({ where }),
  ]);
  return { rows, total };
}

export function findRateOverride(db: DatabaseOrTransaction, coin: CryptoCoin) {
  return db.cryptoRateOverride.findUnique({ where: { coin } });
}

export function upsertRateOverride(db: DatabaseOrTransaction, coin: CryptoCoin, usdPerCoin: string, setBy: string) {
  return db.cryptoRateOverride.upsert({
    where: { coin },
    create: { coin, usdPerCoin, setBy },
    update: { usdPerCoin, setBy },
  });
}

export async function deleteRateOverride(db: DatabaseOrTransaction, coin: CryptoCoin): Promise<boolean> {
  const { count } = await db.cryptoRateOverride.deleteMany({ where: { coin } });
  return count > 0;
}
