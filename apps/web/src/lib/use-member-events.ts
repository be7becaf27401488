// Keeps the member event stream open while `enabled` and a token are there, reconnecting after a
// drop: it waits what the server asked for (`retry:`), doubled per failure up to 30 s. A refused
// token (401/403) is not retried (a 401 elsewhere opens the login modal). Answers whether the stream
// is open, so that a screen can poll while it is not.
import { useEffect, useRef, useState } from 'react';
import type { TMemberEvent } from '@velvet/contracts/events/member-event';
import { EventStreamError, readMemberEvents } from './member-events.ts';

const DEFAULT_RETRY_MS = 3000;
const MAX_RETRY_MS = 30_000;

export interface MemberEventsOptions {
  token: string | null;
  enabled: boolean;
  onEvent(event: TMemberEvent): void;
  /** The stream (re)opened: anything that happened while it was closed sent its event to nobody. */
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

export function useMemberEvents({ token, enabled, onEvent, onOpen }: MemberEventsOptions): boolean {
  const [streaming, setStreaming] = useState(false);
  const handlers = useRef({ onEvent, onOpen });
  useEffect(() => {
    handlers.current = { onEvent, onOpen };
  });

  const active = enabled && token !== null;
  useEffect(() => {
    if (!active || token === null) return;
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      let retryMs = DEFAULT_RETRY_MS;
      let failures = 0;
      while (!signal.aborted) {
        try {
          await readMemberEvents({
            token,
            signal,
            onOpen: () => {
              failures = 0;
              setStreaming(true);
              handlers.current.onOpen?.();
            },
            onRetry: (ms) => {
              retryMs = ms;
            },
            onEvent: (event) => handlers.current.onEvent(event),
          });
        } catch (error) {
          if (error instanceof EventStreamError && (error.status === 401 || error.status === 403)) {
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
  }, [active, token]);

  return active && streaming;
}
