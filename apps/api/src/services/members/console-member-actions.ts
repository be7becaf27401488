// Mute, suspend, restore and role change from the support console (issue 15, docs/support.md
// "Members"). Each is a conditional write in one transaction with its audit row: acting on a state
// someone already changed is a 409 saying who did it and when. Role changes are for admins only
// (the route's guard); an admin cannot change their own role (there must be one left to undo it).
import type { TConsoleMemberContext } from '@velvet/contracts/admin/members';
import type { TMemberRole } from '@velvet/contracts/admin/roles';
import type { AppConfig } from '../../config/env.ts';
import type { Database, DatabaseTransaction } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import {
  changeRole,
  lockConsoleMember,
  suspendMember,
  unsuspendMember,
  type ConsoleMemberRecord,
} from '../../repositories/member-console.repository.ts';
import { alreadyHandled } from '../audit/already-handled.ts';
import { recordAuditEntry, type ConsoleActor } from '../audit/record-audit-entry.ts';
import { applyMuteLift, applySupportMute } from '../safety/mute-member.ts';
import { getConsoleMemberContext } from './console-member-context.ts';

type MuteConfig = Pick<AppConfig, 'SAFETY_MUTE_AFTER_REFUSALS' | 'SAFETY_MUTE_WINDOW_HOURS' | 'SAFETY_MUTE_HOURS'>;

/** What the audit row keeps of the member's standing before and after. */
function standing(member: ConsoleMemberRecord, now: Date) {
  return {
    role: member.role,
    muted_until: member.mutedUntil && member.mutedUntil > now ? member.mutedUntil.toISOString() : null,
    suspended: member.suspendedAt !== null,
  };
}

type MemberAction = 'member.mute' | 'member.suspend' | 'member.restore' | 'member.change_role';

/**
 * The frame of every action here, in one transaction: lock the member (404 for none or deleted),
 * apply the change (`apply` answers what it changed in the member's standing, or null when there was
 * nothing to change: a 409 saying `already` and who did it when, from the audit log), write the audit
 * row (standing before and after, the reason), and answer the member's context as the console shows it.
 */
async function actOnMember(
  deps: { db: Database },
  { actor, memberId, now }: { actor: ConsoleActor; memberId: string; now: Date },
  change: {
    action: MemberAction;
    reason: string;
    already: string;
    apply: (
      tx: DatabaseTransaction,
      member: ConsoleMemberRecord,
    ) => Promise<Partial<ReturnType<typeof standing>> | null>;
  },
): Promise<TConsoleMemberContext> {
  await deps.db.$transaction(async (tx) => {
    const member = await lockConsoleMember(tx, memberId);
    if (!member || member.deletedAt) throw notFound('Member');
    const changed = await change.apply(tx, member);
    if (!changed) {
      throw await alreadyHandled(
        tx,
        { targetType: 'member', targetId: memberId, actions: [change.action] },
        change.already,
      );
    }
    await recordAuditEntry(tx, {
      actor,
      action: change.action,
      targetType: 'member',
      targetId: memberId,
      before: standing(member, now),
      after: { ...standing(member, now), ...changed },
      note: change.reason,
    });
  });
  return getConsoleMemberContext(deps.db, memberId);
}

/** Mutes the member from generating for SAFETY_MUTE_HOURS (as the automatic mute does). */
export function muteMemberFromConsole(
  deps: { db: Database; config: MuteConfig },
  actor: ConsoleActor,
  memberId: string,
  reason: string,
  now = new Date(),
): Promise<TConsoleMemberContext> {
  return actOnMember(
    deps,
    { actor, memberId, now },
    {
      action: 'member.mute',
      reason,
      // applySupportMute answers its own 409 (who muted: support or the safety checks).
      already: 'muted',
      apply: async (tx) => ({
        muted_until: (await applySupportMute(tx, deps.config, actor, memberId, now)).toISOString(),
      }),
    },
  );
}

/** Suspends the account: sign-in and every token refused until restored. */
export function suspendMemberFromConsole(
  deps: { db: Database },
  actor: ConsoleActor,
  memberId: string,
  reason: string,
  now = new Date(),
): Promise<TConsoleMemberContext> {
  return actOnMember(
    deps,
    { actor, memberId, now },
    {
      action: 'member.suspend',
      reason,
      already: 'suspended',
      apply: async (tx) => {
        if (memberId === actor.id) throw new AppError(409, 'You cannot suspend your own account.');
        return (await suspendMember(tx, memberId, reason, now)) ? { suspended: true } : null;
      },
    },
  );
}

/** Lifts a suspension and a mute, whichever the member has. */
export function restoreMemberFromConsole(
  deps: { db: Database },
  actor: ConsoleActor,
  memberId: string,
  reason: string,
  now = new Date(),
): Promise<TConsoleMemberContext> {
  return actOnMember(
    deps,
    { actor, memberId, now },
    {
      action: 'member.restore',
      reason,
      already: 'the member is neither suspended nor muted (restored)',
      apply: async (tx) => {
        const unsuspended = await unsuspendMember(tx, memberId);
        const lifted = await applyMuteLift(tx, actor, memberId, now);
        const unmuted = lifted.found && lifted.lifted !== null;
        return unsuspended || unmuted ? { muted_until: null, suspended: false } : null;
      },
    },
  );
}

/** Grants or takes a role (admins only, by the route's guard). */
export async function changeMemberRole(
  deps: { db: Database },
  actor: ConsoleActor,
  memberId: string,
  input: { role: TMemberRole; reason: string },
  now = new Date(),
): Promise<TConsoleMemberContext> {
  if (actor.role !== 'admin') throw new AppError(403, 'Administrator access required');
  return actOnMember(
    deps,
    { actor, memberId, now },
    {
      action: 'member.change_role',
      reason: input.reason,
      already: `role is already ${input.role}`,
      apply: async (tx) => {
        if (memberId === actor.id) throw new AppError(409, 'You cannot change your own role.');
        return (await changeRole(tx, memberId, input.role)) ? { role: input.role } : null;
      },
    },
  );
}
