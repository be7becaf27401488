// What the Members profile does: adjust coins (one request_id per opened dialog, so a double submit
// posts once), mute, suspend, restore, change the role. A 409 from the server (someone acted first,
// or the balance would go below zero) is shown as it was written; the row refreshes either way.
import type { TMemberRole } from '@velvet/contracts/admin/roles';
import { useCallback, useState } from 'react';
import { apiFailureMessage, classifyApiError } from '../../../lib/api-error.ts';
import { type MemberAction, useAdjustCoinsMutation, useChangeRoleMutation, useMemberActionMutation } from '../api.ts';

export type OpenDialog = { kind: 'coins'; requestId: string } | { kind: MemberAction } | { kind: 'role' } | null;

const FAILURE = { refused: 'The console refused this action.', exception: 'Could not reach the server. Try again.' };

export interface MemberActionsOptions {
  memberId: string;
  notify: (message: string) => void;
}

export function useMemberActions({ memberId, notify }: MemberActionsOptions) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [error, setError] = useState<string | null>(null);
  const [handled, setHandled] = useState<string | null>(null);
  const [adjust, adjustState] = useAdjustCoinsMutation();
  const [act, actState] = useMemberActionMutation();
  const [changeRole, roleState] = useChangeRoleMutation();

  const open = useCallback((kind: 'coins' | MemberAction | 'role') => {
    setError(null);
    setDialog(kind === 'coins' ? { kind, requestId: crypto.randomUUID() } : { kind });
  }, []);
  const close = useCallback(() => {
    setDialog(null);
    setError(null);
  }, []);

  /** A 409 'Already handled' closes the dialog and shows the notice; other refusals stay in the dialog. */
  const fail = useCallback((caught: unknown) => {
    const failure = classifyApiError(caught);
    const message = apiFailureMessage(caught, FAILURE);
    if (failure.kind === 'refused' && failure.status === 409 && message.startsWith('Already handled')) {
      setHandled(message);
      setDialog(null);
      return;
    }
    setError(message);
  }, []);

  const submitCoins = useCallback(
    async (delta: number, reason: string) => {
      if (dialog?.kind !== 'coins') return;
      try {
        const result = await adjust({ memberId, body: { delta, reason, request_id: dialog.requestId } }).unwrap();
        notify(`Balance is now ${result.cur_tokens} coins.`);
        setDialog(null);
      } catch (caught) {
        fail(caught);
      }
    },
    [adjust, dialog, fail, memberId, notify],
  );

  const submitAction = useCallback(
    async (action: MemberAction, reason: string) => {
      try {
        await act({ memberId, action, body: { reason } }).unwrap();
        notify(action === 'mute' ? 'Member muted.' : action === 'suspend' ? 'Member suspended.' : 'Member restored.');
        setDialog(null);
      } catch (caught) {
        fail(caught);
      }
    },
    [act, fail, memberId, notify],
  );

  const submitRole = useCallback(
    async (role: TMemberRole, reason: string) => {
      try {
        await changeRole({ memberId, body: { role, reason } }).unwrap();
        notify(`Role changed to ${role}.`);
        setDialog(null);
      } catch (caught) {
        fail(caught);
      }
    },
    [changeRole, fail, memberId, notify],
  );

  return {
    dialog,
    error,
    handled,
    dismissHandled: () => setHandled(null),
    busy: adjustState.isLoading || actState.isLoading || roleState.isLoading,
    open,
    close,
    submitCoins,
    submitAction,
    submitRole,
  };
}
