// What the Claims screen does: the status filter (pending by default), the keyset-paged list, approve
// and reject (with a reason). After a decision the row shows the outcome and the member's balance; a
// 409 (someone else, or the automatic refund, was first) shows the server's 'Already handled ...' and
// reads the list again.
import type { ClaimStatus, TConsoleClaim } from '@velvet/contracts/admin/claims';
import { useState } from 'react';
import { apiFailureMessage, classifyApiError } from '../../../lib/api-error.ts';
import type { Notify } from '../../../lib/notify.ts';
import {
  useApproveClaimMutation,
  useLazyListClaimQueueQuery,
  useListClaimQueueQuery,
  useRejectClaimMutation,
} from '../api.ts';

const FAILED = { refused: 'The request was refused.', exception: 'Something went wrong. Please try again.' };

export function useClaims(notify: Notify) {
  const [status, setStatus] = useState<ClaimStatus>('pending');
  const [handled, setHandled] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<TConsoleClaim | null>(null);
  const [rejectError, setRejectError] = useState<string | null>(null);
  /** Decisions made on this screen, shown in place until the list is read again. */
  const [decided, setDecided] = useState<Record<string, TConsoleClaim>>({});
  /** Each member's balance after the latest decision here: every row of that member shows it. */
  const [balances, setBalances] = useState<Record<string, number>>({});

  const first = useListClaimQueueQuery({ status });
  const [fetchPage, more] = useLazyListClaimQueueQuery();
  const listKey = `${status}@${first.fulfilledTimeStamp ?? 0}`;
  const [extra, setExtra] = useState<{ key: string; items: TConsoleClaim[]; next: string | null } | null>(null);
  const extraPages = extra?.key === listKey ? extra : null;
  const items = [...(first.data?.items ?? []), ...(extraPages?.items ?? [])].map((row) => {
    const shown = decided[row.id] ?? row;
    const balance = shown.member_id ? balances[shown.member_id] : undefined;
    return balance === undefined ? shown : { ...shown, member_balance: balance };
  });
  const record = (after: TConsoleClaim) => {
    setDecided((current) => ({ ...current, [after.id]: after }));
    const { member_id: memberId, member_balance: balance } = after;
    if (memberId && balance !== null) setBalances((current) => ({ ...current, [memberId]: balance }));
  };
  const nextCursor = extraPages ? extraPages.next : (first.data?.next_cursor ?? null);

  const [approve, approving] = useApproveClaimMutation();
  const [reject, rejectingCall] = useRejectClaimMutation();

  const conflict = (error: unknown): boolean => {
    const failure = classifyApiError(error);
    if (failure.kind !== 'refused' || failure.status !== 409) return false;
    setHandled(failure.message ?? 'Already handled by someone else.');
    setDecided({});
    setBalances({});
    void first.refetch();
    return true;
  };

  return {
    status,
    setStatus: (next: ClaimStatus) => {
      setStatus(next);
      setHandled(null);
      setDecided({});
      setBalances({});
    },
    items,
    /** New claims arrive all the time: read the list again (decisions shown in place are dropped). */
    refresh: () => {
      setDecided({});
      setBalances({});
      setHandled(null);
      void first.refetch();
    },
    isLoading: first.isLoading,
    listError: first.error ? apiFailureMessage(first.error, FAILED) : null,
    loadMore: nextCursor
      ? async () => {
          try {
            const page = await fetchPage({ status, cursor: nextCursor }).unwrap();
            setExtra({ key: listKey, items: [...(extraPages?.items ?? []), ...page.items], next: page.next_cursor });
          } catch (error) {
            notify.error(apiFailureMessage(error, FAILED), { alert: true });
          }
        }
      : undefined,
    loadingMore: more.isFetching,
    handled,
    dismissHandled: () => setHandled(null),
    busy: approving.isLoading || rejectingCall.isLoading,
    approve: async (claim: TConsoleClaim) => {
      if (approving.isLoading) return;
      try {
        const { claim: after } = await approve(claim.id).unwrap();
        record(after);
        notify.success(`Refunded ${after.coins} coins. Balance now ${after.member_balance ?? '—'} coins.`);
      } catch (error) {
        if (!conflict(error)) notify.error(apiFailureMessage(error, FAILED), { alert: true });
      }
    },
    rejecting,
    rejectError,
    startReject: (claim: TConsoleClaim) => {
      setRejecting(claim);
      setRejectError(null);
    },
    cancelReject: () => setRejecting(null),
    confirmReject: async (reason: string) => {
      if (!rejecting || rejectingCall.isLoading) return;
      try {
        const { claim: after } = await reject({ id: rejecting.id, body: { reason } }).unwrap();
        record(after);
        setRejecting(null);
        notify.success('Claim rejected. The member keeps the balance they had.');
      } catch (error) {
        if (conflict(error)) setRejecting(null);
        else setRejectError(apiFailureMessage(error, FAILED));
      }
    },
  };
}

export type ClaimsState = ReturnType<typeof useClaims>;
