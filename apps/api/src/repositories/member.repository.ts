import { type Database, type DatabaseOrTransaction, type DatabaseTransaction, readRows } from '../db/client.ts';
import { Prisma } from '../generated/prisma/client.ts';
import type { MemberRole } from '../generated/prisma/enums.ts';

/**
 * The member's role (and the instant before which their tokens are refused) when the member exists
 * and has not deleted the account, else null. Read by every signed-in request the member cache does
 * not answer, which is every write (a write drops the member's entry: plugins/app/auth.ts), so on the
 * pool (readRows), not through Prisma's query layer.
 */
export async function findActiveMember(
  db: Database,
  memberId: string,
): Promise<{ role: MemberRole; sessionsValidAfter: Date | null; suspendedAt: Date | null } | null> {
  const rows = await readRows<{ role: MemberRole; sessions_valid_after: Date | null; suspended_at: Date | null }>(
    db,
    Prisma.sql`SELECT role, sessions_valid_after, suspended_at FROM members WHERE id = ${memberId} AND deleted_at IS NULL`,
  );
  const row = rows[0];
  return row ? { role: row.role, sessionsValidAfter: row.sessions_valid_after, suspendedAt: row.suspended_at } : null;
}

const sessionFields = {
  id: true,
  nickname: true,
  picture: true,
  coinBalance: true,
  memberKind: true,
  role: true,
  passwordHash: true,
  membershipExpiresAt: true,
  deletedAt: true,
  emailVerifiedAt: true,
  suspendedAt: true,
} as const;

export type MemberRecord = Prisma.MemberGetPayload<{ select: typeof sessionFields }>;

export function findMemberById(db: DatabaseOrTransaction, memberId: string): Promise<MemberRecord | null> {
  return db.member.findUnique({ where: { id: memberId }, select: sessionFields });
}

/**
 * What a make call reads of its member: who, the nickname it needs, the balance it answers, any mute.
 * Read on every make call, so on the pool (readRows), not through Prisma's query layer.
 */
export async function findMemberToGenerate(
  db: DatabaseOrTransaction,
  memberId: string,
): Promise<{
  id: string;
  nickname: string | null;
  coinBalance: number;
  deletedAt: Date | null;
  mutedUntil: Date | null;
} | null> {
  const rows = await readRows<{
    id: string;
    nickname: string | null;
    coin_balance: number;
    deleted_at: Date | null;
    muted_until: Date | null;
  }>(db, Prisma.sql`SELECT id, nickname, coin_balance, deleted_at, muted_until FROM members WHERE id = ${memberId}`);
  const row = rows[0];
  return row
    ? {
        id: row.id,
        nickname: row.nickname,
        coinBalance: row.coin_balance,
        deletedAt: row.deleted_at,
        mutedUntil: row.muted_until,
      }
    : null;
}

export function memberExists(db: DatabaseOrTransaction, memberId: string): Promise<boolean> {
  return db.member.count({ where: { id: memberId } }).then((n) => n > 0);
}

export function nicknameTaken(db: DatabaseOrTransaction, nickname: string, exceptMemberId?: string) {
  return db.member
    .count({
      where: { nicknameKey: nickname.toLowerCase(), ...(exceptMemberId ? { NOT: { id: exceptMemberId } } : {}) },
    })
    .then((n) => n > 0);
}

export function createMember(
  tx: DatabaseTransaction,
  data: {
    id: string;
    nickname: string | null;
    passwordHash: string | null;
    picture: string | null;
    adultAttestedAt: Date;
    role?: 'member' | 'support' | 'admin';
    /** Set when the address is already proven (Google); email registration leaves it null. */
    emailVerifiedAt?: Date | null;
  },
): Promise<MemberRecord> {
  return tx.member.create({
    data: { ...data, nicknameKey: data.nickname?.toLowerCase() ?? null },
    select: sessionFields,
  });
}

export function updateNickname(db: DatabaseOrTransaction, memberId: string, nickname: string) {
  return db.member.update({
    where: { id: memberId },
    data: { nickname, nicknameKey: nickname.toLowerCase() },
    select: sessionFields,
  });
}

export function setPicture(db: DatabaseOrTransaction, memberId: string, picture: string) {
  return db.member.update({ where: { id: memberId }, data: { picture }, select: sessionFields });
}

/** Makes a member an admin with this password hash (the seeded support account). */
export function promoteToAdmin(db: DatabaseOrTransaction, memberId: string, passwordHash: string) {
  return db.member.update({ where: { id: memberId }, data: { role: 'admin', passwordHash }, select: sessionFields });
}

export function findIdentity(db: DatabaseOrTransaction, provider: string, subject: string) {
  return db.authIdentity.findUnique({
    where: { provider_subject: { provider, subject } },
    select: { memberId: true },
  });
}

export function linkIdentity(db: DatabaseOrTransaction, memberId: string, provider: string, subject: string) {
  return db.authIdentity.create({ data: { memberId, provider, subject } });
}

/**
 * Anonymises a member in place: the id (the email) becomes `anonymousId`, every personal field is
 * cleared, sign-in identities are removed and their images leave Explore. Foreign keys cascade the id
 * change, so ledger rows, payments and claims stay (for audit) under the anonymous id.
 */
export async function anonymiseMember(tx: DatabaseTransaction, memberId: string, anonymousId: string, at: Date) {
  await tx.image.updateMany({ where: { ownerId: memberId, isOpen: true }, data: { isOpen: false } });
  await tx.authIdentity.deleteMany({ where: { memberId } });
  await tx.member.update({
    where: { id: memberId },
    data: {
      id: anonymousId,
      nickname: null,
      nicknameKey: null,
      picture: null,
      passwordHash: null,
      role: 'member',
      deletedAt: at,
    },
  });
}

/** True for a unique-constraint violation on one of `fields` (e.g. a nickname taken concurrently). */
export function isUniqueViolation(error: unknown, field: string): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== 'P2002') return false;
  const target = (error.meta as { target?: unknown } | undefined)?.target;
  const text = Array.isArray(target) ? target.join(',') : String(target ?? '');
  // Driver adapters report the constraint differently; an unknown target still counts as a clash.
  return text === '' || text.includes(field) || text === 'undefined';
}
