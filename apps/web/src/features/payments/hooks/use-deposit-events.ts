// Hears the app's member event stream while a deposit address is shown, and hands on the `deposit`
// events about that deposit (the root applies the `balance` events) and the stream's (re)openings.
// Returns whether the stream is open, so that the modal can poll the deposit while it is not.
import { useCallback } from 'react';
import type { TMemberEvent } from '@velvet/contracts/events/member-event';
import { useMemberEventSubscription } from '../../../lib/member-event-hub.ts';
import { isEventForDeposit, type DepositEvent, type DepositIdentity } from '../deposit-status.ts';

export interface DepositEventsOptions {
  /** The deposit to follow; null: no address yet, nothing to listen to. */
  deposit: DepositIdentity | null;
  onDeposit(event: DepositEvent): void;
  /** The stream (re)opened while following a deposit: events in between went to nobody. */
  onReopen(): void;
}

export function useDepositEvents({ deposit, onDeposit, onReopen }: DepositEventsOptions): boolean {
  const coin = deposit?.coin ?? null;
  const depositId = deposit?.depositId ?? null;
  const onEvent = useCallback(
    (event: TMemberEvent) => {
      if (coin === null) return;
      if (event.type === 'deposit' && isEventForDeposit(event, { coin, depositId })) onDeposit(event);
    },
    [coin, depositId, onDeposit],
  );
  const onOpen = useCallback(() => {
    if (coin !== null) onReopen();
  }, [coin, onReopen]);
  return useMemberEventSubscription({ onEvent, onOpen });
}
