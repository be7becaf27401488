// Keeps the member event stream open while a member is signed in, reconnecting after a drop: it
// waits what the server asked for (`retry:`), doubled per failure up to 30 s. A refused token
// (401/403) is not retried (a 401 elsewhere opens the login modal). Events, openings and the open
// state go to the member event hub, where screens subscribe. The root mounts it once.
//
// The stream's reader (member-events.ts, with the SSE parser and the event schema, hence zod) is not
// part of the first paint: it loads when a member is signed in, before the first connection.
import { useEffect, useRef } from 'react';
import type { TMemberEvent } from '@velvet/contracts/events/member-event';
import { memberEventHub } from './member-event-hub.ts';

const loadMemberEvents = () => import('./member-events.ts');

const DEFAULT_RETRY_MS = 3000;
const MAX_RETRY_MS = 30_000;

export interface MemberEventStreamOptions {
  token: string | null;
  /** Every event, before the hub's subscribers hear it (the root updates the balance). */
  onEvent?(event: TMemberEvent): void;
  /** The stream (re)opened, before the hub's subscribers hear it. */
  onOpen?(): void;
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** The reconnection delay after `failures` failures in a row. */
export function reconnectDelay(retryMs: number, failures: number): number {
  return Math.min(MAX_RETRY_MS, retryMs * 2 ** Math.max(0, failures - 1));
}

export function useMemberEventStream({ token, onEvent, onOpen }: MemberEventStreamOptions): void {
  const handlers = useRef({ onEvent, onOpen });
  useEffect(() => {
    handlers.current = { onEvent, onOpen };
  });

  useEffect(() => {
    if (token === null) return;
    const setStreaming = (value: boolean) => memberEventHub.setStreaming(value);
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      let retryMs = DEFAULT_RETRY_MS;
      let failures = 0;
      let reader: Awaited<ReturnType<typeof loadMemberEvents>> | null = null;
      while (!signal.aborted) {
        try {
          // A failed chunk load counts as a failed connection: retried after the same delay.
          reader ??= await loadMemberEvents();
          if (signal.aborted) return;
          await reader.readMemberEvents({
            token,
            signal,
            onOpen: () => {
              failures = 0;
              setStreaming(true);
              handlers.current.onOpen?.();
              memberEventHub.opened();
            },
            onRetry: (ms) => {
              retryMs = ms;
            },
            onEvent: (event) => {
              handlers.current.onEvent?.(event);
              memberEventHub.emit(event);
            },
          });
        } catch (error) {
          if (reader && error instanceof reader.EventStreamError && (error.status === 401 || error.status === 403)) {
            setStreaming(false);
            return;
          }
          failures += 1;
        }
        if (signal.aborted) return;
        setStreaming(false);
        await wait(reconnectDelay(retryMs, failures), signal);
      }
    })();
    return () => {
      controller.abort();
      setStreaming(false);
    };
  }, [token]);
}
