// Mute, suspend, restore and role change from the support console (issue 15, docs/support.md
// "Members"). Each is a conditional write in one transaction with its audit row: acting on a state
// someone already changed is a 409 saying who did it and when. Role changes are for admins only
// (the route's guard); an admin cannot change their own role (there must be one left to undo it).
import type { TConsoleMemberContext } from '@velvet/contracts/admin/members';
import type { TMemberRole } from '@velvet/contracts/admin/roles';
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import {
  changeRole,
  lockConsoleMember,
  suspendMember,
  unsuspendMember,
  type ConsoleMemberRecord,
} from '../../repositories/member-console.repository.ts';
import { alreadyHandledMessage } from '../audit/already-handled.ts';
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

async function lockActive(tx: Parameters<Parameters<Database['$transaction']>[0]>[0], memberId: string) {
  const member = await lockConsoleMember(tx, memberId);
  if (!member || member.deletedAt) throw notFound('Member');
  return member;
}

/** Mutes the member from generating for SAFETY_MUTE_HOURS (as the automatic mute does). */
export async function muteMemberFromConsole(
  deps: { db: Database; config: MuteConfig },
  actor: ConsoleActor,
  memberId: string,
  reason: string,
  now = new Date(),
): Promise<TConsoleMemberContext> {
  await deps.db.$transaction(async (tx) => {
    const member = await lockActive(tx, memberId);
    const until = await applySupportMute(tx, deps.config, actor, memberId, now);
    await recordAuditEntry(tx, {
      actor,
      action: 'member.mute',
      targetType: 'member',
      targetId: memberId,
      before: standing(member, now),
      after: { ...standing(member, now), muted_until: until.toISOString() },
      note: reason,
    });
  });
  return getConsoleMemberContext(deps.db, memberId);
}

/** Suspends the account: sign-in and every token refused until restored. */
export async function suspendMemberFromConsole(
  deps: { db: Database },
  actor: ConsoleActor,
  memberId: string,
  reason: string,
  now = new Date(),
): Promise<TConsoleMemberContext> {
  await deps.db.$transaction(async (tx) => {
    const member = await lockActive(tx, memberId);
    if (memberId === actor.id) throw new AppError(409, 'You cannot suspend your own account.');
    if (!(await suspendMember(tx, memberId, reason, now))) {
      throw new AppError(
        409,
        await alreadyHandledMessage(
          tx,
          { targetType: 'member', targetId: memberId, actions: ['member.suspend'] },
          'suspended',
        ),
      );
    }
    await recordAuditEntry(tx, {
      actor,
      action: 'member.suspend',
      targetType: 'member',
      targetId: memberId,
      before: standing(member, now),
      after: { ...standing(member, now), suspended: true },
      note: reason,
    });
  });
  return getConsoleMemberContext(deps.db, memberId);
}

/** Lifts a suspension and a mute, whichever the member has. */
export async function restoreMemberFromConsole(
  deps: { db: Database },
  actor: ConsoleActor,
  memberId: string,
  reason: string,
  now = new Date(),
): Promise<TConsoleMemberContext> {
  await deps.db.$transaction(async (tx) => {
    const member = await lockActive(tx, memberId);
    const unsuspended = await unsuspendMember(tx, memberId);
    const lifted = await applyMuteLift(tx, actor, memberId, now);
    const unmuted = lifted.found && lifted.lifted !== null;
    if (!unsuspended && !unmuted) {
      throw new AppError(
        409,
        await alreadyHandledMessage(
          tx,
          { targetType: 'member', targetId: memberId, actions: ['member.restore'] },
          'the member is neither suspended nor muted (restored)',
        ),
      );
    }
    await recordAuditEntry(tx, {
      actor,
      action: 'member.restore',
      targetType: 'member',
      targetId: memberId,
      before: standing(member, now),
      after: { role: member.role, muted_until: null, suspended: false },
      note: reason,
    });
  });
  return getConsoleMemberContext(deps.db, memberId);
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
  await deps.db.$transaction(async (tx) => {
    const member = await lockActive(tx, memberId);
    if (memberId === actor.id) throw new AppError(409, 'You cannot change your own role.');
    if (!(await changeRole(tx, memberId, input.role))) {
      throw new AppError(
        409,
        await alreadyHandledMessage(
          tx,
          { targetType: 'member', targetId: memberId, actions: ['member.change_role'] },
          `role is already ${input.role}`,
        ),
      );
    }
    await recordAuditEntry(tx, {
      actor,
      action: 'member.change_role',
      targetType: 'member',
      targetId: memberId,
      before: standing(member, now),
      after: { ...standing(member, now), role: input.role },
      note: input.reason,
    });
  });
  return getConsoleMemberContext(deps.db, memberId);
}
