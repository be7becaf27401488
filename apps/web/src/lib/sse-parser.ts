// A server-sent-events parser (the WHATWG "event stream interpretation"), fed text chunks as they
// arrive from a fetch body. EventSource cannot send an Authorization header, so the member event stream
// (GET /api/v2/events) is read with fetch and parsed here. Pure: no DOM, no timers.
//
// - Lines end in CRLF, LF or CR; a CR at the end of one chunk followed by LF in the next is one break.
// - `:` starts a comment (keep-alive); `field: value` drops one space after the colon; a line without
//   a colon is a field with an empty value.
// - `data` lines accumulate (joined with \n); a blank line dispatches the message, unless no data came.
// - `event` names the message (default 'message'); `id` sets the last event id; `retry` (digits only)
//   sets the reconnection delay. A message left unfinished when the stream ends is dropped.
import { ZMemberEvent, type TMemberEvent } from '@velvet/contracts/events/member-event';

export interface SseMessage {
  event: string;
  data: string;
  /** The last event id in effect when the message was dispatched ('' when none was sent). */
  lastEventId: string;
}

export interface SseHandlers {
  onMessage(message: SseMessage): void;
  onRetry?(ms: number): void;
  onComment?(text: string): void;
}

export interface SseParser {
  /** Feeds the next piece of the stream's text. */
  push(chunk: string): void;
  /** The last `retry` the server asked for, or null. */
  readonly retryMs: number | null;
  readonly lastEventId: string;
}

const BOM = '\uFEFF';

export function createSseParser(handlers: SseHandlers): SseParser {
  let buffer = '';
  let started = false;
  let skipLeadingLf = false;
  let eventType = '';
  let data = '';
  let hasData = false;
  let lastEventId = '';
  let retryMs: number | null = null;

  const dispatch = () => {
    if (hasData) {
      handlers.onMessage({
        event: eventType || 'message',
        data: data.endsWith('\n') ? data.slice(0, -1) : data,
        lastEventId,
      });
    }
    eventType = '';
    data = '';
    hasData = false;
  };

  const processLine = (line: string) => {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return handlers.onComment?.(line.slice(1).replace(/^ /, ''));
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        eventType = value;
        break;
      case 'data':
        data += `${value}\n`;
        hasData = true;
        break;
      case 'id':
        if (!value.includes('\0')) lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) {
          retryMs = Number(value);
          handlers.onRetry?.(retryMs);
        }
        break;
      default:
        // Unknown fields are ignored.
        break;
    }
  };

  return {
    push(chunk: string) {
      let text = chunk;
      if (!started && text.length > 0) {
        started = true;
        if (text.startsWith(BOM)) text = text.slice(1);
      }
      if (text.length === 0) return;
      if (skipLeadingLf && text.startsWith('\n')) text = text.slice(1);
      skipLeadingLf = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i += 1) {
        const ch = buffer[i];
        if (ch !== '\n' && ch !== '\r') continue;
        processLine(buffer.slice(start, i));
        if (ch === '\r') {
          if (i + 1 < buffer.length) {
            if (buffer[i + 1] === '\n') i += 1;
          } else {
            // The LF of a CRLF may come with the next chunk.
            skipLeadingLf = true;
          }
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    get retryMs() {
      return retryMs;
    },
    get lastEventId() {
      return lastEventId;
    },
  };
}

/**
 * The member event a message carries (contract: `event: <type>` with the JSON event as data), or null
 * for anything else: unknown types, broken JSON, a name that disagrees with the payload.
 */
export function parseMemberEvent(message: SseMessage): TMemberEvent | null {
  let payload: unknown;
  try {
    payload = JSON.parse(message.data);
  } catch {
    return null;
  }
  const parsed = ZMemberEvent.safeParse(payload);
  if (!parsed.success) return null;
  if (message.event !== 'message' && message.event !== parsed.data.type) return null;
  return parsed.data;
}
