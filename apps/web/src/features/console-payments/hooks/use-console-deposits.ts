// What the 'Deposits needing a decision' tab does: the list (outcome filter, member search, keyset
// pages), and credit or refuse with a note. A 409 (someone else decided first) shows the server's
// 'Already handled ...' and reads the list again.
import type { TDepositItem } from '@velvet/contracts/admin/deposits';
import type { DEPOSIT_OUTCOMES } from '@velvet/contracts/payment/get-deposit';
import { useState } from 'react';
import { apiFailureMessage, classifyApiError } from '../../../lib/api-error.ts';
import type { Notify } from '../../../lib/notify.ts';
import {
  useLazyListConsoleDepositsQuery,
  useListConsoleDepositsQuery,
  useReviewConsoleDepositMutation,
} from '../api.ts';

const FAILED = { refused: 'The request was refused.', exception: 'Something went wrong. Please try again.' };

export type OutcomeFilter = (typeof DEPOSIT_OUTCOMES)[number] | '';

export function useConsoleDeposits(notify: Notify) {
  const [outcome, setOutcome] = useState<OutcomeFilter>('');
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const [deciding, setDeciding] = useState<{ deposit: TDepositItem; action: 'credit' | 'refuse' } | null>(null);
  const [decideError, setDecideError] = useState<string | null>(null);
  const [handled, setHandled] = useState<string | null>(null);

  const params = {
    needs_review: 'true' as const,
    ...(outcome ? { outcome } : {}),
    ...(applied ? { search: applied } : {}),
  };
  const first = useListConsoleDepositsQuery(params);
  const [fetchPage, more] = useLazyListConsoleDepositsQuery();
  const listKey = `${JSON.stringify(params)}@${first.fulfilledTimeStamp ?? 0}`;
  const [extra, setExtra] = useState<{ key: string; items: TDepositItem[]; next: string | null } | null>(null);
  const extraPages = extra?.key === listKey ? extra : null;
  const items = [...(first.data?.list ?? []), ...(extraPages?.items ?? [])];
  const nextCursor = extraPages ? extraPages.next : (first.data?.next_cursor ?? null);
  const [review, reviewing] = useReviewConsoleDepositMutation();

  return {
    outcome,
    setOutcome,
    search,
    setSearch,
    applySearch: () => setApplied(search.trim()),
    items,
    isLoading: first.isLoading,
    listError: first.error ? apiFailureMessage(first.error, FAILED) : null,
    loadMore: nextCursor
      ? async () => {
          try {
            const page = await fetchPage({ ...params, cursor: nextCursor }).unwrap();
            setExtra({ key: listKey, items: [...(extraPages?.items ?? []), ...page.list], next: page.next_cursor });
          } catch (error) {
            notify.error(apiFailureMessage(error, FAILED), { alert: true });
          }
        }
      : undefined,
    loadingMore: more.isFetching,
    handled,
    dismissHandled: () => setHandled(null),
    deciding,
    decideError,
    busy: reviewing.isLoading,
    start: (deposit: TDepositItem, action: 'credit' | 'refuse') => {
      setDeciding({ deposit, action });
      setDecideError(null);
    },
    cancel: () => setDeciding(null),
    confirm: async (note: string) => {
      if (!deciding || reviewing.isLoading) return;
      try {
        const { deposit } = await review({ id: deciding.deposit.id, body: { action: deciding.action, note } }).unwrap();
        setDeciding(null);
        notify.success(
          deciding.action === 'credit'
            ? `Credited: ${deposit.coins} coins to ${deposit.member_id}.`
            : `Refused: nothing credited to ${deposit.member_id}.`,
        );
        void first.refetch();
      } catch (error) {
        const failure = classifyApiError(error);
        if (failure.kind === 'refused' && failure.status === 409) {
          setDeciding(null);
          setHandled(failure.message ?? 'Already handled by someone else.');
          void first.refetch();
        } else {
          setDecideError(apiFailureMessage(error, FAILED));
        }
      }
    },
  };
}

export type ConsoleDepositsState = ReturnType<typeof useConsoleDeposits>;
