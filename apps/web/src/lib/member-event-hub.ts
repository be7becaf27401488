// One member event stream for the whole app: the root opens it while a member is signed in
// (useMemberEventStream) and every screen that cares subscribes here instead of opening its own
// connection. Screens also learn whether the stream is open, to poll while it is not, and when it
// (re)opens, since anything that happened while it was closed sent its event to nobody.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { TMemberEvent } from '@velvet/contracts/events/member-event';

export interface MemberEventHandlers {
  onEvent?(event: TMemberEvent): void;
  onOpen?(): void;
}

const subscribers = new Set<MemberEventHandlers>();
const streamingListeners = new Set<() => void>();
let streaming = false;

export const memberEventHub = {
  emit(event: TMemberEvent): void {
    for (const handlers of subscribers) handlers.onEvent?.(event);
  },
  opened(): void {
    for (const handlers of subscribers) handlers.onOpen?.();
  },
  setStreaming(value: boolean): void {
    if (streaming === value) return;
    streaming = value;
    for (const listener of streamingListeners) listener();
  },
  subscribe(handlers: MemberEventHandlers): () => void {
    subscribers.add(handlers);
    return () => subscribers.delete(handlers);
  },
};

function subscribeStreaming(listener: () => void): () => void {
  streamingListeners.add(listener);
  return () => streamingListeners.delete(listener);
}

/** Whether the app's member event stream is open. */
export function useMemberEventsStreaming(): boolean {
  return useSyncExternalStore(subscribeStreaming, () => streaming);
}

/** Hears the app's member events while mounted; answers whether the stream is open. */
export function useMemberEventSubscription(handlers: MemberEventHandlers): boolean {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(
    () =>
      memberEventHub.subscribe({
        onEvent: (event) => latest.current.onEvent?.(event),
        onOpen: () => latest.current.onOpen?.(),
      }),
    [],
  );
  return useMemberEventsStreaming();
}
