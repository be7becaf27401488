// What the Moderation screen does: the queue (reports and holds, oldest first, keyset pages), the
// selected item's detail, and the four decisions behind a confirmation. A 409 (someone else decided
// first) shows the server's 'Already handled ...' and reads the queue and the item again.
import type { TModerationDecision, TModerationItem, TModerationKind } from '@velvet/contracts/admin/moderation';
import { useState } from 'react';
import { apiFailureMessage, classifyApiError } from '../../../lib/api-error.ts';
import type { Notify } from '../../../lib/notify.ts';
import {
  useDecideModerationMutation,
  useGetModerationItemQuery,
  useLazyListModerationQuery,
  useListModerationQuery,
  type ModerationRef,
} from '../api.ts';

const FAILED = { refused: 'The request was refused.', exception: 'Something went wrong. Please try again.' };

export type KindFilter = TModerationKind | 'all';

export function useModeration(notify: Notify) {
  const [kind, setKind] = useState<KindFilter>('all');
  const [selected, setSelected] = useState<ModerationRef | null>(null);
  const [confirming, setConfirming] = useState<TModerationDecision | null>(null);
  const [handled, setHandled] = useState<string | null>(null);
  const [blurred, setBlurred] = useState(true);

  const first = useListModerationQuery(kind === 'all' ? {} : { kind });
  const [fetchPage, more] = useLazyListModerationQuery();
  const listKey = `${kind}@${first.fulfilledTimeStamp ?? 0}`;
  const [extra, setExtra] = useState<{ key: string; items: TModerationItem[]; next: string | null } | null>(null);
  const extraPages = extra?.key === listKey ? extra : null;
  const items = [...(first.data?.items ?? []), ...(extraPages?.items ?? [])];
  const nextCursor = extraPages ? extraPages.next : (first.data?.next_cursor ?? null);

  const detail = useGetModerationItemQuery(selected ?? { kind: 'report', id: '' }, { skip: !selected });
  const [decide, deciding] = useDecideModerationMutation();

  const refresh = () => {
    void first.refetch();
    if (selected) void detail.refetch();
  };

  return {
    kind,
    setKind: (next: KindFilter) => {
      setKind(next);
      setSelected(null);
      setHandled(null);
    },
    items,
    isLoading: first.isLoading,
    listError: first.error ? apiFailureMessage(first.error, FAILED) : null,
    loadMore: nextCursor
      ? async () => {
          try {
            const page = await fetchPage({ ...(kind === 'all' ? {} : { kind }), cursor: nextCursor }).unwrap();
            setExtra({ key: listKey, items: [...(extraPages?.items ?? []), ...page.items], next: page.next_cursor });
          } catch (error) {
            notify.error(apiFailureMessage(error, FAILED), { alert: true });
          }
        }
      : undefined,
    loadingMore: more.isFetching,
    selected,
    select: (item: TModerationItem) => {
      setSelected({ kind: item.kind, id: item.id });
      setBlurred(true);
    },
    close: () => setSelected(null),
    detail: selected ? (detail.data ?? null) : null,
    detailLoading: detail.isFetching,
    detailError: selected && detail.error ? apiFailureMessage(detail.error, FAILED) : null,
    blurred,
    toggleBlur: () => setBlurred((value) => !value),
    handled,
    dismissHandled: () => setHandled(null),
    confirming,
    ask: (decision: TModerationDecision) => setConfirming(decision),
    cancel: () => setConfirming(null),
    busy: deciding.isLoading,
    confirm: async (note: string) => {
      if (!selected || !confirming || deciding.isLoading) return;
      try {
        const result = await decide({
          ...selected,
          body: { decision: confirming, ...(note ? { note } : {}) },
        }).unwrap();
        notify.success(result.message);
        setConfirming(null);
        // Mute and escalate leave the item in the queue; approve and remove take it out.
        if (confirming === 'approve' || confirming === 'remove') setSelected(null);
        refresh();
      } catch (error) {
        const failure = classifyApiError(error);
        setConfirming(null);
        if (failure.kind === 'refused' && failure.status === 409) {
          setHandled(failure.message ?? 'Already handled by someone else.');
          refresh();
        } else {
          notify.error(apiFailureMessage(error, FAILED), { alert: true });
        }
      }
    },
  };
}

export type ModerationState = ReturnType<typeof useModeration>;
