// Claims (issue 15, docs/support.md "Claims"): refund requests, pending first and oldest first, with the
// picture, the member, the coins at stake and the countdown to the automatic refund; Approve refunds
// now, Reject asks for a reason the member is told.
import { CLAIM_STATUSES, type ClaimStatus, type TConsoleClaim } from '@velvet/contracts/admin/claims';
import { AlreadyHandledNotice } from '../../../components/console/already-handled-notice.tsx';
import { ConsoleTable, type ConsoleColumn } from '../../../components/console/console-table.tsx';
import { Countdown } from '../../../components/console/countdown.tsx';
import { FilterBar, FilterField } from '../../../components/console/filter-bar.tsx';
import { formatConsoleTime } from '../../../components/console/format.ts';
import { ReasonDialog } from '../../../components/console/reason-dialog.tsx';
import { StatusBadge, type StatusTone } from '../../../components/console/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { Notify } from '../../../lib/notify.ts';
import { useClaims, type ClaimsState } from '../hooks/use-claims.ts';
import { ClaimThumb } from './claim-thumb.tsx';
import styles from './claims.module.css';

const TONES: Record<ClaimStatus, StatusTone> = {
  pending: 'warning',
  approved: 'success',
  refunded: 'success',
  rejected: 'danger',
};

function refund(claim: TConsoleClaim) {
  const claimed = <span className={styles.muted}>claimed {formatConsoleTime(claim.created_at)}</span>;
  if (claim.status === 'pending') {
    return (
      <span className={styles.stack}>
        <Countdown until={claim.auto_refund_at ?? claim.created_at} label="Auto refund" />
        {claimed}
      </span>
    );
  }
  const by = claim.decided_by ? `by ${claim.decided_by}` : claim.status === 'refunded' ? 'automatically' : '';
  return (
    <span className={styles.stack}>
      <StatusBadge tone={TONES[claim.status]}>{claim.status}</StatusBadge>
      <span className={styles.muted}>
        {by ? `${by} · ` : ''}
        {formatConsoleTime(claim.decided_at ?? claim.refunded_at)}
      </span>
      {claim.reject_reason ? <span className={styles.reason}>“{claim.reject_reason}”</span> : null}
      {claimed}
    </span>
  );
}

// Five columns so a desktop console shows the whole row without scrolling sideways.
function columns(claims: ClaimsState): ConsoleColumn<TConsoleClaim>[] {
  return [
    { key: 'image', header: 'Image', cell: (row) => <ClaimThumb url={row.image_url} prompt={row.prompt} /> },
    {
      key: 'claim',
      header: 'Member and prompt',
      cell: (row) => (
        <span className={styles.stack}>
          <span className={styles.email}>{row.member_id ?? '(deleted account)'}</span>
          <span className={styles.muted} data-testid="claim-member-balance">
            Balance {row.member_balance ?? '—'} coins
          </span>
          <span className={styles.clip} title={row.prompt}>
            {row.prompt}
          </span>
        </span>
      ),
    },
    { key: 'coins', header: 'Coins', cell: (row) => <span data-testid="claim-coins">{row.coins}</span>, nowrap: true },
    { key: 'refund', header: 'Refund', cell: refund },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      cell: (row) =>
        row.status === 'pending' ? (
          <span className={styles.actions}>
            <Button size="sm" onClick={() => void claims.approve(row)} disabled={claims.busy}>
              Approve
            </Button>
            <Button size="sm" variant="danger" onClick={() => claims.startReject(row)} disabled={claims.busy}>
              Reject
            </Button>
          </span>
        ) : null,
    },
  ];
}

export function ClaimsScreen({ notify }: { notify: Notify }) {
  const claims = useClaims(notify);
  return (
    <div className={styles.screen} data-testid="console-claims">
      <FilterBar label="Claim filters">
        <FilterField label="Status">
          <select value={claims.status} onChange={(event) => claims.setStatus(event.target.value as ClaimStatus)}>
            {CLAIM_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </FilterField>
        <Button size="sm" variant="secondary" onClick={claims.refresh}>
          Refresh
        </Button>
      </FilterBar>
      <AlreadyHandledNotice message={claims.handled} onDismiss={claims.dismissHandled} />
      {claims.listError ? (
        <p role="alert" className={styles.error}>
          {claims.listError}
        </p>
      ) : null}
      <ConsoleTable
        caption={`Refund claims: ${claims.status}`}
        columns={columns(claims)}
        rows={claims.items}
        rowKey={(row) => row.id}
        loading={claims.isLoading}
        empty={claims.status === 'pending' ? 'No claim is waiting.' : 'No claims here.'}
        onLoadMore={claims.loadMore ? () => void claims.loadMore?.() : undefined}
        loadingMore={claims.loadingMore}
        testId="claims-list"
      />
      <ReasonDialog
        key={claims.rejecting?.id ?? 'none'}
        open={claims.rejecting !== null}
        title="Reject this claim"
        description={
          claims.rejecting ? (
            <p>
              No refund of {claims.rejecting.coins} coins to {claims.rejecting.member_id ?? 'the member'}. The reason is
              kept with the claim and in the audit log.
            </p>
          ) : null
        }
        confirmLabel="Reject claim"
        danger
        busy={claims.busy}
        error={claims.rejectError}
        onConfirm={(reason) => void claims.confirmReject(reason)}
        onClose={claims.cancelReject}
        testId="claim-reject-dialog"
      />
    </div>
  );
}
