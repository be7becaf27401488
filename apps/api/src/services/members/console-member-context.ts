// The member as the support console shows them (issue 15): the facts, and the latest generations,
// payments (card and crypto) and claims. The Members profile, and the side card of other screens.
import type { TConsoleMemberContext, TConsoleMemberRow } from '@velvet/contracts/admin/members';
import type { DatabaseOrTransaction } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import {
  findConsoleMember,
  recentActivity,
  type ConsoleMemberRecord,
} from '../../repositories/member-console.repository.ts';

export function toConsoleMemberRow(member: ConsoleMemberRecord, now = new Date()): TConsoleMemberRow {
  return {
    member_id: member.id,
    email: member.id,
    nicname: member.nickname ?? '',
    role: member.role,
    member_kind: member.memberKind,
    cur_tokens: member.coinBalance,
    created_at: member.createdAt.toISOString(),
    email_verified: member.emailVerifiedAt !== null,
    muted_until: member.mutedUntil && member.mutedUntil > now ? member.mutedUntil.toISOString() : null,
    suspended_at: member.suspendedAt?.toISOString() ?? null,
  };
}

/** The member's context; 404 when there is no such member. */
export async function getConsoleMemberContext(
  db: DatabaseOrTransaction,
  memberId: string,
): Promise<TConsoleMemberContext> {
  const member = await findConsoleMember(db, memberId);
  if (!member) throw notFound('Member');
  const activity = await recentActivity(db, memberId);
  const payments = [
    ...activity.payments.map((p) => ({
      id: p.id,
      channel: `card:${p.provider}`,
      kind: p.kind,
      status: p.status,
      amount_cents: p.amountCents,
      coins: p.coins,
      created_at: p.createdAt.toISOString(),
    })),
    ...activity.deposits.map((d) => ({
      id: d.id,
      channel: `crypto:${d.coin}`,
      kind: d.serviceKind,
      status: d.outcome ? `${d.status} (${d.outcome})` : d.status,
      amount_cents: d.usdAmountCents,
      coins: d.coins,
      created_at: d.createdAt.toISOString(),
    })),
  ]
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, 5);
  return {
    ...toConsoleMemberRow(member),
    membership_expires_at: member.membershipExpiresAt?.toISOString() ?? null,
    flagged: member.flagged,
    suspended_reason: member.suspendedReason,
    deleted: member.deletedAt !== null,
    recent_generations: activity.runs.map((run) => ({
      run_id: run.runId,
      prompt: run.prompt,
      status: run.status,
      images: run.requestCnt,
      cost: run.cost,
      created_at: run.createdAt.toISOString(),
    })),
    payments,
    claims: activity.claims.map((claim) => ({
      id: claim.id,
      image_id: claim.imageId,
      status: claim.status,
      coins: claim.coins,
      created_at: claim.createdAt.toISOString(),
    })),
  };
}
