// What the Inbox screen does: the status tab, option filter and search; the keyset-paged list ('Load
// more'); the open request; replying (one request_id per draft, so a double click stores one reply) and
// closing. A 409 (another support person was first) shows the server's 'Already handled ...' and
// reads the row again.
import type { TInboxItem, TInboxStatus } from '@velvet/contracts/admin/inbox';
import type { SupportOption } from '@velvet/contracts/options';
import { useRef, useState } from 'react';
import { apiFailureMessage, classifyApiError } from '../../../lib/api-error.ts';
import type { Notify } from '../../../lib/notify.ts';
import {
  useCloseInboxItemMutation,
  useGetInboxItemQuery,
  useLazyListInboxQuery,
  useListInboxQuery,
  useReplyToInboxItemMutation,
} from '../api.ts';

const FAILED = { refused: 'The request was refused.', exception: 'Something went wrong. Please try again.' };

export interface InboxFilters {
  status: TInboxStatus;
  option: SupportOption | '';
  q: string;
}

export function useInbox(notify: Notify) {
  const [filters, setFilters] = useState<InboxFilters>({ status: 'new', option: '', q: '' });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [handled, setHandled] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const requestId = useRef<string>(crypto.randomUUID());

  const args = {
    status: filters.status,
    ...(filters.option ? { option: filters.option } : {}),
    ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
  };
  const first = useListInboxQuery(args);
  const [fetchPage, more] = useLazyListInboxQuery();
  // Extra pages belong to one list (these filters, this read of the first page).
  const listKey = `${JSON.stringify(args)}@${first.fulfilledTimeStamp ?? 0}`;
  const [extra, setExtra] = useState<{ key: string; items: TInboxItem[]; next: string | null } | null>(null);
  const extraPages = extra?.key === listKey ? extra : null;
  const items = [...(first.data?.items ?? []), ...(extraPages?.items ?? [])];
  const nextCursor = extraPages ? extraPages.next : (first.data?.next_cursor ?? null);

  const detail = useGetInboxItemQuery(selectedId ?? '', { skip: selectedId === null });
  const [reply, replying] = useReplyToInboxItemMutation();
  const [close, closing] = useCloseInboxItemMutation();

  const refresh = () => {
    void first.refetch();
    if (selectedId) void detail.refetch();
  };

  const failed = (error: unknown) => {
    const failure = classifyApiError(error);
    if (failure.kind === 'refused' && failure.status === 409) {
      setHandled(failure.message ?? 'Already handled by someone else.');
      refresh();
      return;
    }
    notify.error(apiFailureMessage(error, FAILED), { alert: true });
  };

  return {
    filters,
    setFilters: (patch: Partial<InboxFilters>) => {
      setFilters((current) => ({ ...current, ...patch }));
      setHandled(null);
    },
    items,
    isLoading: first.isLoading,
    listError: first.error ? apiFailureMessage(first.error, FAILED) : null,
    loadMore: nextCursor
      ? async () => {
          try {
            const page = await fetchPage({ ...args, cursor: nextCursor }).unwrap();
            setExtra({ key: listKey, items: [...(extraPages?.items ?? []), ...page.items], next: page.next_cursor });
          } catch (error) {
            failed(error);
          }
        }
      : undefined,
    loadingMore: more.isFetching,
    selectedId,
    select: (id: string | null) => {
      setSelectedId(id);
      setHandled(null);
      setDraft('');
      requestId.current = crypto.randomUUID();
    },
    detail: selectedId ? (detail.data ?? null) : null,
    detailLoading: detail.isFetching && !detail.data,
    handled,
    dismissHandled: () => setHandled(null),
    draft,
    setDraft,
    replying: replying.isLoading,
    sendReply: async () => {
      if (!selectedId || !draft.trim() || replying.isLoading) return;
      try {
        await reply({ id: selectedId, body: { body: draft.trim(), request_id: requestId.current } }).unwrap();
        setDraft('');
        requestId.current = crypto.randomUUID();
        notify.success('Reply sent to the member.');
        refresh();
      } catch (error) {
        failed(error);
      }
    },
    closing: closing.isLoading,
    closeRequest: async () => {
      if (!selectedId || closing.isLoading) return;
      try {
        await close(selectedId).unwrap();
        notify.success('Request closed.');
        refresh();
      } catch (error) {
        failed(error);
      }
    },
  };
}

export type InboxState = ReturnType<typeof useInbox>;
