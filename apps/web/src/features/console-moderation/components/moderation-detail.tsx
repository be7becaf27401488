// One item under review: the picture (blurred until shown), the prompt and why it is here, beside the
// member's history (recent generations, earlier reports, holds, mutes and refusals), and the decisions.
import { MODERATION_DECISIONS } from '@velvet/contracts/admin/moderation';
import { formatConsoleTime } from '../../../components/console/format.ts';
import { StatusBadge } from '../../../components/console/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { ModerationState } from '../hooks/use-moderation.ts';
import { DECISION_LABELS } from './moderation-decision-dialog.tsx';
import { ModerationPicture } from './moderation-picture.tsx';
import styles from './moderation.module.css';

export function ModerationDetail({ moderation }: { moderation: ModerationState }) {
  const { detail } = moderation;
  if (moderation.detailError) {
    return (
      <p role="alert" className={styles.error}>
        {moderation.detailError}
      </p>
    );
  }
  if (!detail) return <p className={styles.muted}>{moderation.detailLoading ? 'Loading…' : null}</p>;
  const { item, history } = detail;
  const open = detail.state === 'open' || detail.state === 'pending';
  return (
    <section className={styles.detail} aria-label="Item under review" data-testid="moderation-detail">
      <div className={styles.detailHeader}>
        <h2>{item.kind === 'report' ? 'Reported image' : 'Held picture'}</h2>
        <StatusBadge tone={open ? 'warning' : 'neutral'}>{detail.state}</StatusBadge>
        <Button size="sm" variant="ghost" onClick={moderation.close}>
          Close
        </Button>
      </div>
      <div className={styles.sideBySide}>
        <div className={styles.column}>
          <ModerationPicture
            path={item.picture_path}
            prompt={item.prompt}
            blurred={moderation.blurred}
            onToggleBlur={moderation.toggleBlur}
          />
          <h3>Prompt</h3>
          <p className={styles.prompt} data-testid="moderation-prompt">
            {item.prompt || '(no prompt)'}
          </p>
          <dl className={styles.facts}>
            <dt>Owner</dt>
            <dd>{item.member_id}</dd>
            <dt>Waiting since</dt>
            <dd>{formatConsoleTime(item.waiting_since)}</dd>
            {item.kind === 'report' ? (
              <>
                <dt>Reports</dt>
                <dd>
                  {item.report_count} ({item.reasons.join(', ') || '—'})
                </dd>
              </>
            ) : (
              <>
                <dt>Youngest face</dt>
                <dd>about {item.min_age}</dd>
              </>
            )}
            {detail.decided_by ? (
              <>
                <dt>Decided</dt>
                <dd>
                  {detail.decided_by} · {formatConsoleTime(detail.decided_at)}
                </dd>
              </>
            ) : null}
          </dl>
          {open ? (
            <div className={styles.decisions}>
              {MODERATION_DECISIONS.map((decision) => (
                <Button
                  key={decision}
                  size="sm"
                  variant={decision === 'approve' ? 'primary' : decision === 'remove' ? 'danger' : 'secondary'}
                  onClick={() => moderation.ask(decision)}
                  disabled={moderation.busy}
                >
                  {DECISION_LABELS[decision]}
                </Button>
              ))}
            </div>
          ) : null}
        </div>
        <div className={styles.column} data-testid="moderation-history">
          <h3>Member</h3>
          <dl className={styles.facts}>
            <dt>Email</dt>
            <dd>{history.member.id}</dd>
            <dt>Nickname</dt>
            <dd>{history.member.nickname ?? '—'}</dd>
            <dt>Balance</dt>
            <dd>{history.member.coin_balance} coins</dd>
            <dt>Muted</dt>
            <dd>{history.member.muted_until ? `until ${formatConsoleTime(history.member.muted_until)}` : 'no'}</dd>
          </dl>
          <h3>Recent generations</h3>
          <ul className={styles.list}>
            {history.recent_generations.map((g) => (
              <li key={g.image_id}>
                <span className={styles.clip} title={g.prompt}>
                  {g.prompt}
                </span>
                <span className={styles.muted}>
                  {g.status}
                  {g.is_open ? ' · published' : ''} · {formatConsoleTime(g.created_at)}
                </span>
              </li>
            ))}
          </ul>
          <h3>Reports against this member</h3>
          {history.reports.length === 0 ? <p className={styles.muted}>None.</p> : null}
          <ul className={styles.list}>
            {history.reports.map((r, i) => (
              <li key={`${r.image_id}-${i}`}>
                <span>{r.reason}</span>
                <span className={styles.muted}>
                  {r.status} · {formatConsoleTime(r.created_at)}
                </span>
              </li>
            ))}
          </ul>
          <h3>Holds, mutes and refusals</h3>
          {history.holds.length + history.safety_events.length === 0 ? <p className={styles.muted}>None.</p> : null}
          <ul className={styles.list}>
            {history.holds.map((h) => (
              <li key={h.id}>
                <span>picture held</span>
                <span className={styles.muted}>
                  {h.status} · {formatConsoleTime(h.created_at)}
                </span>
              </li>
            ))}
            {history.safety_events.map((e, i) => (
              <li key={`${e.created_at}-${i}`}>
                <span>{e.outcome}</span>
                <span className={styles.muted}>
                  {[e.stage, e.rule].filter(Boolean).join(' · ')} · {formatConsoleTime(e.created_at)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
