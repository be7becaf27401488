import type { Database, DatabaseOrTransaction, DatabaseTransaction } from '../db/client.ts';
import type { Prisma } from '../generated/prisma/client.ts';

// --- The safety log (prompt_safety_events) ---

export type SafetyOutcome = 'refused' | 'held' | 'muted' | 'mute_lifted';

export interface NewSafetyEvent {
  memberId: string | null;
  prompt: string;
  matchedTerms: string[];
  outcome: SafetyOutcome;
  stage: string;
  category: string;
  rule: string;
  imageId?: string | null;
  ip?: string | null;
}

export function recordSafetyEvent(db: DatabaseOrTransaction, data: NewSafetyEvent) {
  return db.promptSafetyEvent.create({ data });
}

/** Refusals of a member since `since` (what counts towards a mute). */
export function countRefusalsSince(db: DatabaseOrTransaction, memberId: string, since: Date) {
  return db.promptSafetyEvent.count({ where: { memberId, outcome: 'refused', createdAt: { gte: since } } });
}

/** When the member was last muted or had a mute lifted (refusals before it do not count again). */
export async function lastMuteChangeAt(db: DatabaseOrTransaction, memberId: string): Promise<Date | null> {
  const event = await db.promptSafetyEvent.findFirst({
    where: { memberId, outcome: { in: ['muted', 'mute_lifted'] } },
    orderBy: { createdAt: 'desc' },
    select: { createdAt: true },
  });
  return event?.createdAt ?? null;
}

/** Refusals per member since `since`, for the muted members list. */
export async function countRefusalsByMember(db: Database, memberIds: string[], since: Date) {
  if (memberIds.length === 0) return new Map<string, number>();
  const rows = await db.promptSafetyEvent.groupBy({
    by: ['memberId'],
    where: { memberId: { in: memberIds }, outcome: 'refused', createdAt: { gte: since } },
    _count: { _all: true },
  });
  return new Map(rows.map((r) => [r.memberId ?? '', r._count._all]));
}

/** A member's refusals and holds since `since`, oldest first (an escalation's prompts). */
export function findSafetyHistory(db: DatabaseOrTransaction, memberId: string, since: Date) {
  return db.promptSafetyEvent.findMany({
    where: { memberId, outcome: { in: ['refused', 'held'] }, createdAt: { gte: since } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { prompt: true, outcome: true, stage: true, rule: true, createdAt: true, ip: true },
  });
}

export interface SafetyLogFilter {
  memberId?: string | undefined;
  stage?: string | undefined;
  outcome?: string | undefined;
}

/**
 * The safety log newest first, `limit` entries after the entry `cursor` (keyset on created_at, id).
 * An unknown cursor gives an empty page.
 */
export async function listSafetyEvents(
  db: Database,
  filter: SafetyLogFilter,
  cursor: string | undefined,
  limit: number,
) {
  const where: Prisma.PromptSafetyEventWhereInput = {
    ...(filter.memberId ? { memberId: filter.memberId } : {}),
    ...(filter.stage ? { stage: filter.stage } : {}),
    ...(filter.outcome ? { outcome: filter.outcome } : {}),
  };
  if (cursor) {
    const after = await db.promptSafetyEvent.findUnique({ where: { id: cursor }, select: { createdAt: true } });
    if (!after) return [];
    where.OR = [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: cursor } }];
  }
  return db.promptSafetyEvent.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit });
}

// --- Mutes (members.muted_until) ---

export async function findMutedUntil(db: DatabaseOrTransaction, memberId: string): Promise<Date | null> {
  const member = await db.member.findUnique({ where: { id: memberId }, select: { mutedUntil: true } });
  return member?.mutedUntil ?? null;
}

/**
 * Mutes a member until `until` (and flags the account for review) unless a mute is already running
 * at `now`. True when this call muted the member, so concurrent refusals mute once.
 */
export async function muteMember(db: DatabaseOrTransaction, memberId: string, until: Date, now: Date) {
  const { count } = await db.member.updateMany({
    where: { id: memberId, OR: [{ mutedUntil: null }, { mutedUntil: { lte: now } }] },
    data: { mutedUntil: until, flagged: true },
  });
  return count === 1;
}

/** The latest 'muted' entry of a member's safety log (who muted them and when, for a 409). */
export function findLatestMuteEvent(db: DatabaseOrTransaction, memberId: string) {
  return db.promptSafetyEvent.findFirst({
    where: { memberId, outcome: 'muted' },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { rule: true, createdAt: true },
  });
}

/** Locks the member row and clears the mute; returns the mute that ran (null: none, or no such member). */
export async function clearMute(tx: DatabaseTransaction, memberId: string, now: Date) {
  const rows = await tx.$queryRaw<Array<{ muted_until: Date | null }>>`
    SELECT muted_until FROM members WHERE id = ${memberId} FOR UPDATE`;
  if (rows.length === 0) return { found: false as const };
  const mutedUntil = rows[0]!.muted_until;
  if (!mutedUntil || mutedUntil <= now) return { found: true as const, lifted: null };
  await tx.member.update({ where: { id: memberId }, data: { mutedUntil: null } });
  return { found: true as const, lifted: mutedUntil };
}

/** Members muted at `now` (soonest end first), without deleted accounts. */
export async function listMutedMembers(db: Database, now: Date, skip: number, take: number) {
  const where: Prisma.MemberWhereInput = { mutedUntil: { gt: now }, deletedAt: null };
  const [rows, total] = await Promise.all([
    db.member.findMany({
      where,
      orderBy: [{ mutedUntil: 'asc' }, { id: 'asc' }],
      skip,
      take,
      select: { id: true, nickname: true, mutedUntil: true },
    }),
    db.member.count({ where }),
  ]);
  return { rows, total };
}

// --- Escalations (safety_escalations) ---

export function createEscalation(
  db: DatabaseOrTransaction,
  data: {
    memberId: string;
    memberEmail: string;
    prompts: Prisma.InputJsonValue;
    ip: string | null;
    stage: string;
    rule: string;
    retainUntil: Date;
  },
) {
  return db.safetyEscalation.create({ data });
}

/** Serialises escalations of one moderation item (a transaction-scoped advisory lock on its key). */
export async function lockEscalationTarget(tx: DatabaseTransaction, key: string) {
  await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${key}))::text`;
}

export async function listEscalations(db: Database, reported: boolean | undefined, skip: number, take: number) {
  const where: Prisma.SafetyEscalationWhereInput =
    reported === undefined ? {} : { reportedAt: reported ? { not: null } : null };
  const [rows, total] = await Promise.all([
    db.safetyEscalation.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip, take }),
    db.safetyEscalation.count({ where }),
  ]);
  return { rows, total };
}

/** Records the report once: false when the escalation was already reported (or does not exist). */
export async function markEscalationReported(db: DatabaseOrTransaction, id: string, reportRef: string, at: Date) {
  const { count } = await db.safetyEscalation.updateMany({
    where: { id, reportedAt: null },
    data: { reportedAt: at, reportRef },
  });
  return count === 1;
}

export function findEscalation(db: DatabaseOrTransaction, id: string) {
  return db.safetyEscalation.findUnique({ where: { id } });
}

// --- Picture holds (safety_holds) ---

const holdFields = {
  id: true,
  imageId: true,
  memberId: true,
  checker: true,
  minAge: true,
  faces: true,
  quarantineKey: true,
  status: true,
  decidedBy: true,
  decidedAt: true,
  createdAt: true,
  image: { select: { prompt: true, runId: true, ownerId: true } },
} as const;

export type SafetyHoldRecord = Prisma.SafetyHoldGetPayload<{ select: typeof holdFields }>;

export async function listHolds(
  db: Database,
  status: 'pending' | 'released' | 'removed',
  skip: number,
  take: number,
): Promise<{ rows: SafetyHoldRecord[]; total: number }> {
  // The queue is worked oldest first; decided holds are looked up newest first.
  const order = status === 'pending' ? 'asc' : 'desc';
  const [rows, total] = await Promise.all([
    db.safetyHold.findMany({
      where: { status },
      orderBy: [{ createdAt: order }, { id: order }],
      skip,
      take,
      select: holdFields,
    }),
    db.safetyHold.count({ where: { status } }),
  ]);
  return { rows, total };
}

export function findHold(db: DatabaseOrTransaction, id: string): Promise<SafetyHoldRecord | null> {
  return db.safetyHold.findUnique({ where: { id }, select: holdFields });
}

/** Locks a hold row for a decision (one decision wins); null when it does not exist. */
export async function lockHold(tx: DatabaseTransaction, id: string): Promise<SafetyHoldRecord | null> {
  const rows = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM safety_holds WHERE id = ${id}::uuid FOR UPDATE`;
  return rows.length ? findHold(tx, id) : null;
}

export function decideHold(
  tx: DatabaseTransaction,
  id: string,
  data: {
    status: 'released' | 'removed';
    decidedBy: string;
    decidedAt: Date;
    quarantineKey: null;
    decisionNote?: string | null;
  },
): Promise<SafetyHoldRecord> {
  return tx.safetyHold.update({ where: { id }, data, select: holdFields });
}

/** A released picture becomes a normal complete image of its owner. */
export async function completeHeldImage(
  tx: DatabaseTransaction,
  imageId: string,
  keys: { originalKey: string; thumbnailKey: string },
  at: Date,
) {
  const { count } = await tx.image.updateMany({
    where: { imageId, status: 'held' },
    data: { status: 'complete', originalKey: keys.originalKey, thumbnailKey: keys.thumbnailKey, completedAt: at },
  });
  return count === 1;
}
