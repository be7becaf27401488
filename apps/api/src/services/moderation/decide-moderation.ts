// One decision on a Moderation item (issue 15): approve, remove, mute the member, escalate. Each is
// conditional (a second decision is a 409 naming who decided first) and audited in its transaction.
import type { TDecideModerationResponse, TModerationDecision } from '@velvet/contracts/admin/moderation';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { ImageStorage } from '../../providers/storage/index.ts';
import { findImageForModeration } from '../../repositories/moderation.repository.ts';
import { findHold } from '../../repositories/safety.repository.ts';
import type { ConsoleActor } from '../audit/record-audit-entry.ts';
import { escalateBySupport } from '../safety/escalate.ts';
import { muteMemberBySupport, readableUtc } from '../safety/mute-member.ts';
import { decideSafetyHold } from '../safety/review-hold.ts';
import { decideImageReports } from './reports.ts';

type Deps = {
  db: Database;
  redis: Redis;
  storage: ImageStorage;
  config: Pick<
    AppConfig,
    'SAFETY_MUTE_AFTER_REFUSALS' | 'SAFETY_MUTE_WINDOW_HOURS' | 'SAFETY_MUTE_HOURS' | 'SAFETY_ESCALATION_RETENTION_DAYS'
  >;
};

const ok = (decision: TModerationDecision, message: string, deleted_files = 0): TDecideModerationResponse => ({
  status: 'ok',
  decision,
  message,
  deleted_files,
});

async function muteOrEscalate(
  deps: Deps,
  actor: ConsoleActor,
  decision: 'mute' | 'escalate',
  item: { memberId: string; targetType: 'hold' | 'report'; targetId: string; note: string | null },
) {
  if (decision === 'mute') {
    const until = await muteMemberBySupport(deps, actor, item.memberId, item);
    return ok('mute', `${item.memberId} cannot generate until ${readableUtc(until)}.`);
  }
  const escalation = await escalateBySupport(deps, actor, item);
  return ok('escalate', `Escalated: record ${escalation.id} keeps the member's safety log for the authorities.`);
}

export async function decideReportedImage(
  deps: Deps,
  actor: ConsoleActor,
  imageId: string,
  decision: TModerationDecision,
  note: string | null,
): Promise<TDecideModerationResponse> {
  if (decision === 'mute' || decision === 'escalate') {
    const image = await findImageForModeration(deps.db, imageId);
    if (!image) throw notFound('Image');
    return muteOrEscalate(deps, actor, decision, {
      memberId: image.ownerId,
      targetType: 'report',
      targetId: imageId,
      note,
    });
  }
  const count = await decideImageReports(deps.db, actor, imageId, decision, note);
  return decision === 'remove'
    ? ok('remove', `Removed: unpublished for good (${count} report${count === 1 ? '' : 's'} upheld).`)
    : ok(
        'approve',
        `Approved: ${count} report${count === 1 ? '' : 's'} dismissed; the image stays as its owner set it.`,
      );
}

export async function decideHeldPicture(
  deps: Deps,
  actor: ConsoleActor,
  holdId: string,
  decision: TModerationDecision,
  note: string | null,
): Promise<TDecideModerationResponse> {
  if (decision === 'mute' || decision === 'escalate') {
    const hold = await findHold(deps.db, holdId);
    if (!hold) throw notFound('Hold');
    return muteOrEscalate(deps, actor, decision, {
      memberId: hold.memberId,
      targetType: 'hold',
      targetId: holdId,
      note,
    });
  }
  const { deletedFiles } = await decideSafetyHold(
    deps,
    actor,
    holdId,
    decision === 'remove' ? 'remove' : 'release',
    note,
  );
  if (decision === 'approve') return ok('approve', 'Approved: the picture is released to its owner.');
  return ok(
    'remove',
    `Removed: every stored copy of the picture was deleted (${deletedFiles} file${deletedFiles === 1 ? '' : 's'}).`,
    deletedFiles,
  );
}
