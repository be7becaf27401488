// Who the member behind a row is, at a glance (inbox, moderation, members): balance, tier, role,
// state, recent generations, payments and claims, from the contracts' member context.
import type { TConsoleMemberContext } from '@velvet/contracts/admin/members';
import { tierName } from '@velvet/contracts/options';
import type { ReactNode } from 'react';
import styles from './console.module.css';
import { StatusBadge } from './status-badge.tsx';
import { formatConsoleTime } from './format.ts';

export function MemberContextCard({
  member,
  actions,
  compact = false,
}: {
  member: TConsoleMemberContext;
  /** Buttons shown under the facts (the Members profile's actions). */
  actions?: ReactNode;
  /** Only the facts, without the recent lists (a side card). */
  compact?: boolean;
}) {
  return (
    <section className={styles.card} aria-label={`Member ${member.email}`} data-testid="member-context">
      <header className={styles.cardHeader}>
        <div>
          <h2 className={styles.cardTitle}>{member.nicname || '(no nickname)'}</h2>
          <p className={styles.muted}>{member.email}</p>
        </div>
        <MemberStateBadges member={member} />
      </header>
      <dl className={styles.facts}>
        <dt>Balance</dt>
        <dd data-testid="member-balance">{member.cur_tokens} coins</dd>
        <dt>Tier</dt>
        <dd>{tierName(member.member_kind)}</dd>
        <dt>Role</dt>
        <dd data-testid="member-role">{member.role}</dd>
        <dt>Joined</dt>
        <dd>{formatConsoleTime(member.created_at)}</dd>
        <dt>Email</dt>
        <dd>{member.email_verified ? 'verified' : 'not verified'}</dd>
        {member.membership_expires_at ? (
          <>
            <dt>Membership until</dt>
            <dd>{formatConsoleTime(member.membership_expires_at)}</dd>
          </>
        ) : null}
        {member.suspended_reason ? (
          <>
            <dt>Suspended for</dt>
            <dd>{member.suspended_reason}</dd>
          </>
        ) : null}
      </dl>
      {actions ? <div className={styles.cardActions}>{actions}</div> : null}
      {compact ? null : (
        <>
          <h3 className={styles.cardSubtitle}>Recent generations</h3>
          {member.recent_generations.length === 0 ? <p className={styles.muted}>None.</p> : null}
          <ul className={styles.compactList}>
            {member.recent_generations.map((run) => (
              <li key={run.run_id}>
                <span className={styles.clip} title={run.prompt}>
                  {run.prompt || '(no prompt)'}
                </span>
                <span className={styles.muted}>
                  {run.status} · {run.images} img · {run.cost} coins · {formatConsoleTime(run.created_at)}
                </span>
              </li>
            ))}
          </ul>
          <h3 className={styles.cardSubtitle}>Payments</h3>
          {member.payments.length === 0 ? <p className={styles.muted}>None.</p> : null}
          <ul className={styles.compactList}>
            {member.payments.map((payment) => (
              <li key={payment.id}>
                <span>
                  {payment.channel} · {payment.kind} · ${(payment.amount_cents / 100).toFixed(2)}
                </span>
                <span className={styles.muted}>
                  {payment.status} · {payment.coins} coins · {formatConsoleTime(payment.created_at)}
                </span>
              </li>
            ))}
          </ul>
          <h3 className={styles.cardSubtitle}>Claims</h3>
          {member.claims.length === 0 ? <p className={styles.muted}>None.</p> : null}
          <ul className={styles.compactList}>
            {member.claims.map((claim) => (
              <li key={claim.id}>
                <span>{claim.image_id}</span>
                <span className={styles.muted}>
                  {claim.status} · {claim.coins} coins · {formatConsoleTime(claim.created_at)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** Suspended / muted / deleted badges (nothing for a member in good standing). */
export function MemberStateBadges({
  member,
}: {
  member: Pick<TConsoleMemberContext, 'suspended_at' | 'muted_until'> & { deleted?: boolean };
}) {
  return (
    <span className={styles.badges}>
      {member.deleted ? <StatusBadge tone="neutral">deleted</StatusBadge> : null}
      {member.suspended_at ? <StatusBadge tone="danger">suspended</StatusBadge> : null}
      {member.muted_until ? <StatusBadge tone="warning">muted</StatusBadge> : null}
      {!member.deleted && !member.suspended_at && !member.muted_until ? (
        <StatusBadge tone="success">active</StatusBadge>
      ) : null}
    </span>
  );
}
