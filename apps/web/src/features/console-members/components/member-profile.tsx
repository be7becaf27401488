// A member's profile in the console: the context card with the actions, and the ledger history.
// Role changes are an admin's: support sees the control disabled.
import type { TConsoleRole } from '@velvet/contracts/admin/roles';
import { AlreadyHandledNotice } from '../../../components/console/already-handled-notice.tsx';
import { MemberContextCard } from '../../../components/console/member-context-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { apiFailureMessage } from '../../../lib/api-error.ts';
import { useGetConsoleMemberQuery } from '../api.ts';
import { useMemberActions } from '../hooks/use-member-actions.ts';
import { AdjustCoinsDialog, ChangeRoleDialog, MemberActionDialog } from './member-dialogs.tsx';
import { MemberLedger } from './member-ledger.tsx';
import styles from './members.module.css';

export interface MemberProfileProps {
  memberId: string;
  viewerRole: TConsoleRole;
  notify: (message: string) => void;
}

export function MemberProfile({ memberId, viewerRole, notify }: MemberProfileProps) {
  const profile = useGetConsoleMemberQuery(memberId);
  const actions = useMemberActions({ memberId, notify });
  const member = profile.data?.member;

  if (profile.error) {
    return (
      <p role="alert" className={styles.error}>
        {apiFailureMessage(profile.error, { refused: 'Member not found.', exception: 'Could not load the member.' })}
      </p>
    );
  }
  if (!member) return <p className={styles.muted}>Loading member…</p>;

  const isAdmin = viewerRole === 'admin';
  const common = { busy: actions.busy, error: actions.error, onClose: actions.close };
  return (
    <div className={styles.profile} data-testid="member-profile">
      <AlreadyHandledNotice message={actions.handled} onDismiss={actions.dismissHandled} />
      <MemberContextCard
        member={member}
        actions={
          <>
            <Button size="sm" onClick={() => actions.open('coins')}>
              Adjust coins
            </Button>
            <Button size="sm" variant="secondary" onClick={() => actions.open('mute')} disabled={!!member.muted_until}>
              Mute
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => actions.open('suspend')}
              disabled={!!member.suspended_at}
            >
              Suspend
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => actions.open('restore')}
              disabled={!member.suspended_at && !member.muted_until}
            >
              Restore
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => actions.open('role')}
              disabled={!isAdmin}
              aria-describedby={isAdmin ? undefined : 'role-admin-only'}
            >
              Change role
            </Button>
            {isAdmin ? null : (
              <span id="role-admin-only" className={styles.muted}>
                Role changes: admins only
              </span>
            )}
          </>
        }
      />
      <MemberLedger memberId={memberId} />
      {actions.dialog?.kind === 'coins' ? (
        <AdjustCoinsDialog
          key={actions.dialog.requestId}
          balance={member.cur_tokens}
          onSubmit={(delta, reason) => void actions.submitCoins(delta, reason)}
          {...common}
        />
      ) : null}
      {actions.dialog &&
      (actions.dialog.kind === 'mute' || actions.dialog.kind === 'suspend' || actions.dialog.kind === 'restore') ? (
        <MemberActionDialog
          action={actions.dialog.kind}
          onSubmit={(reason) => {
            if (actions.dialog && actions.dialog.kind !== 'coins' && actions.dialog.kind !== 'role') {
              void actions.submitAction(actions.dialog.kind, reason);
            }
          }}
          {...common}
        />
      ) : null}
      {actions.dialog?.kind === 'role' ? (
        <ChangeRoleDialog
          current={member.role}
          onSubmit={(role, reason) => void actions.submitRole(role, reason)}
          {...common}
        />
      ) : null}
    </div>
  );
}
