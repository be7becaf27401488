import { describe, expect, it, vi } from 'vitest';
import type { TMemberEvent } from '@velvet/contracts/events/member-event';
import { EventStreamError, readMemberEvents } from './member-events.ts';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

const IMAGE_ID = `${'B'.repeat(32)}002`;

describe('readMemberEvents', () => {
  it('sends the bearer token and delivers parsed events, split anywhere', async () => {
    const frames =
      'retry: 3000\n: connected\n\n' +
      `event: image.status\ndata: {"type":"image.status","image_id":"${IMAGE_ID}","status":"complete"}\n\n` +
      'event: balance\ndata: {"type":"balance","cur_tokens":300}\n\n';
    const fetchFn = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) =>
        new Response(streamOf([frames.slice(0, 40), frames.slice(40, 41), frames.slice(41)]), {
          headers: { 'content-type': 'text/event-stream' },
        }),
    );
    const events: TMemberEvent[] = [];
    const onOpen = vi.fn();
    const onRetry = vi.fn();
    await readMemberEvents({
      token: 'tok',
      signal: new AbortController().signal,
      onOpen,
      onEvent: (event) => events.push(event),
      onRetry,
      fetchFn: fetchFn as unknown as typeof fetch,
    });
    expect(fetchFn).toHaveBeenCalledTimes(1);
    const [url, init] = fetchFn.mock.calls[0]!;
    expect(url).toBe('/api/v2/events');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok');
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onRetry).toHaveBeenCalledWith(3000);
    expect(events).toEqual([
      { type: 'image.status', image_id: IMAGE_ID, status: 'complete' },
      { type: 'balance', cur_tokens: 300 },
    ]);
  });

  it('rejects a refused stream without opening', async () => {
    const onOpen = vi.fn();
    const fetchFn = async () => new Response('{"status":"error"}', { status: 401 });
    await expect(
      readMemberEvents({
        token: 'bad',
        signal: new AbortController().signal,
        onOpen,
        onEvent: () => undefined,
        fetchFn: fetchFn as unknown as typeof fetch,
      }),
    ).rejects.toBeInstanceOf(EventStreamError);
    expect(onOpen).not.toHaveBeenCalled();
  });
});
