// What the 'Card payments' and 'Refunds and disputes' tabs do: filters (status, kind), member search
// and keyset pages over the card payments the processors recorded.
import type {
  CARD_PAYMENT_KINDS,
  CARD_PAYMENT_STATUSES,
  TCardPaymentItem,
  TListPaymentsRequest,
} from '@velvet/contracts/admin/payments';
import { useState } from 'react';
import { apiFailureMessage } from '../../../lib/api-error.ts';
import type { Notify } from '../../../lib/notify.ts';
import { useLazyListCardPaymentsQuery, useListCardPaymentsQuery } from '../api.ts';

const FAILED = { refused: 'The request was refused.', exception: 'Something went wrong. Please try again.' };

export type PaymentStatusFilter = (typeof CARD_PAYMENT_STATUSES)[number] | '';
export type PaymentKindFilter = (typeof CARD_PAYMENT_KINDS)[number] | '';

export function useCardPayments(notify: Notify, view: 'all' | 'reversals') {
  const [status, setStatus] = useState<PaymentStatusFilter>('');
  const [kind, setKind] = useState<PaymentKindFilter>('');
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const params: TListPaymentsRequest = {
    view,
    ...(status ? { status } : {}),
    ...(kind ? { kind } : {}),
    ...(applied ? { search: applied } : {}),
  };
  const first = useListCardPaymentsQuery(params);
  const [fetchPage, more] = useLazyListCardPaymentsQuery();
  const listKey = `${JSON.stringify(params)}@${first.fulfilledTimeStamp ?? 0}`;
  const [extra, setExtra] = useState<{ key: string; items: TCardPaymentItem[]; next: string | null } | null>(null);
  const extraPages = extra?.key === listKey ? extra : null;
  const items = [...(first.data?.items ?? []), ...(extraPages?.items ?? [])];
  const nextCursor = extraPages ? extraPages.next : (first.data?.next_cursor ?? null);
  return {
    status,
    setStatus,
    kind,
    setKind,
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
            setExtra({ key: listKey, items: [...(extraPages?.items ?? []), ...page.items], next: page.next_cursor });
          } catch (error) {
            notify.error(apiFailureMessage(error, FAILED), { alert: true });
          }
        }
      : undefined,
    loadingMore: more.isFetching,
  };
}

export type CardPaymentsState = ReturnType<typeof useCardPayments>;
