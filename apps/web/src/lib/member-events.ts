// The member's event stream (GET /api/v2/events, bearer): `image.status` when an image finishes,
// `balance` when coins move, `deposit` when a crypto deposit changes. EventSource cannot send an Authorization header, so the stream is read
// with fetch and a ReadableStream reader, and parsed by sse-parser.ts.
import type { TMemberEvent } from '@velvet/contracts/events/member-event';
import { API_PATHS } from '@velvet/contracts/routes';
import { createSseParser, parseMemberEvent } from './sse-parser.ts';

export interface MemberEventStreamOptions {
  token: string;
  signal: AbortSignal;
  /** The server accepted the stream: events will flow from now on. */
  onOpen(): void;
  onEvent(event: TMemberEvent): void;
  /** The reconnection delay the server asked for (`retry:`). */
  onRetry?(ms: number): void;
  fetchFn?: typeof fetch;
}

export class EventStreamError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'EventStreamError';
  }
}

/**
 * Reads the stream until the server ends it, the signal aborts, or the connection fails. Resolves
 * when it ends cleanly (or is aborted); rejects with EventStreamError when it cannot be opened.
 */
export async function readMemberEvents(options: MemberEventStreamOptions): Promise<void> {
  const fetchFn = options.fetchFn ?? globalThis.fetch;
  const response = await fetchFn(API_PATHS.memberEvents, {
    headers: { Authorization: `Bearer ${options.token}`, Accept: 'text/event-stream' },
    cache: 'no-store',
    signal: options.signal,
  });
  if (!response.ok || !response.body) {
    throw new EventStreamError(`Event stream refused: ${response.status}`, response.status);
  }
  options.onOpen();
  const parser = createSseParser({
    onMessage: (message) => {
      const event = parseMemberEvent(message);
      if (event) options.onEvent(event);
    },
    onRetry: options.onRetry,
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
  } catch (error) {
    if (options.signal.aborted) return;
    throw error;
  } finally {
    reader.releaseLock();
  }
}
