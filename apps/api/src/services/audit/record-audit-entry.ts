// Every support-console action writes one audit row (who, when, what, before/after), in the same
// transaction as the action, so the log never shows a change that rolled back or misses one that stayed.
import type { Database, DatabaseTransaction } from '../../db/client.ts';
import { insertAuditEntry } from '../../repositories/audit.repository.ts';

export interface ConsoleActor {
  id: string;
  role: 'support' | 'admin';
}

export interface AuditEntryInput {
  actor: ConsoleActor;
  /** Dotted verb: 'member.adjust_coins', 'claim.approve', 'qna.reply'... */
  action: string;
  /** 'qna' | 'claim' | 'image' | 'report' | 'hold' | 'escalation' | 'deposit' | 'payment' | 'member' | 'job'. */
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  note?: string | null;
}

export async function recordAuditEntry(tx: DatabaseTransaction | Database, entry: AuditEntryInput): Promise<void> {
  await insertAuditEntry(tx, {
    actorId: entry.actor.id,
    actorRole: entry.actor.role,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    note: entry.note ?? null,
  });
}
