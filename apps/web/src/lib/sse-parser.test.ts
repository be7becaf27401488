import { describe, expect, it } from 'vitest';
import { createSseParser, parseMemberEvent, type SseMessage } from './sse-parser.ts';

function collect(chunks: string[]) {
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  const parser = createSseParser({
    onMessage: (message) => messages.push(message),
    onComment: (text) => comments.push(text),
    onRetry: (ms) => retries.push(ms),
  });
  for (const chunk of chunks) parser.push(chunk);
  return { messages, comments, retries, parser };
}

const IMAGE_ID = `${'A'.repeat(32)}001`;

describe('SSE parser', () => {
  it('parses the API frames: retry, comment, then named events', () => {
    const stream =
      'retry: 3000\n: connected\n\n' +
      `event: image.status\ndata: {"type":"image.status","image_id":"${IMAGE_ID}","status":"complete"}\n\n` +
      'event: balance\ndata: {"type":"balance","cur_tokens":300}\n\n';
    const { messages, comments, retries, parser } = collect([stream]);
    expect(retries).toEqual([3000]);
    expect(parser.retryMs).toBe(3000);
    expect(comments).toEqual(['connected']);
    expect(messages.map((m) => m.event)).toEqual(['image.status', 'balance']);
    expect(JSON.parse(messages[1]!.data)).toEqual({ type: 'balance', cur_tokens: 300 });
  });

  it('joins chunks split anywhere, including inside a CRLF', () => {
    const stream = 'event: balance\r\ndata: {"type":"balance",\r\ndata: "cur_tokens":1}\r\n\r\n';
    for (let cut = 1; cut < stream.length; cut += 1) {
      const { messages } = collect([stream.slice(0, cut), stream.slice(cut)]);
      expect(messages).toEqual([{ event: 'balance', data: '{"type":"balance",\n"cur_tokens":1}', lastEventId: '' }]);
    }
    const { messages } = collect([...stream]);
    expect(messages).toHaveLength(1);
  });

  it('accepts LF, CR and CRLF line ends', () => {
    for (const eol of ['\n', '\r', '\r\n']) {
      const { messages } = collect([`data: a${eol}data: b${eol}${eol}`]);
      expect(messages).toEqual([{ event: 'message', data: 'a\nb', lastEventId: '' }]);
    }
  });

  it('follows the field rules: one space dropped, no colon, unknown fields, ids', () => {
    const { messages } = collect(['data:x\ndata:  y\ndata\nfoo: bar\nid: 7\nevent: e\n\n', 'data: z\n\n']);
    expect(messages).toEqual([
      { event: 'e', data: 'x\n y\n', lastEventId: '7' },
      { event: 'message', data: 'z', lastEventId: '7' },
    ]);
  });

  it('dispatches nothing for a blank event, a dataless event or an unfinished one', () => {
    const { messages } = collect(['\n\nevent: balance\n\n', 'data: never finished']);
    expect(messages).toEqual([]);
  });

  it('ignores a retry that is not all digits and strips a leading BOM', () => {
    const { messages, retries } = collect(['\uFEFFretry: 1s\ndata: ok\n\n']);
    expect(retries).toEqual([]);
    expect(messages.map((m) => m.data)).toEqual(['ok']);
  });

  it('survives keep-alive comments between events', () => {
    const { messages, comments } = collect([': ping\n\n', 'data: 1\n\n', ': ping\n\n']);
    expect(comments).toEqual(['ping', 'ping']);
    expect(messages).toHaveLength(1);
  });
});

describe('parseMemberEvent', () => {
  const message = (event: string, data: unknown): SseMessage => ({
    event,
    data: typeof data === 'string' ? data : JSON.stringify(data),
    lastEventId: '',
  });

  it('reads image.status and balance events', () => {
    expect(
      parseMemberEvent(message('image.status', { type: 'image.status', image_id: IMAGE_ID, status: 'failed' })),
    ).toEqual({ type: 'image.status', image_id: IMAGE_ID, status: 'failed' });
    expect(parseMemberEvent(message('balance', { type: 'balance', cur_tokens: 200 }))).toEqual({
      type: 'balance',
      cur_tokens: 200,
    });
  });

  it('drops broken JSON, unknown types, bad payloads and mismatched names', () => {
    expect(parseMemberEvent(message('balance', '{nope'))).toBeNull();
    expect(parseMemberEvent(message('other', { type: 'other' }))).toBeNull();
    expect(parseMemberEvent(message('balance', { type: 'balance', cur_tokens: -1 }))).toBeNull();
    expect(parseMemberEvent(message('image.status', { type: 'balance', cur_tokens: 1 }))).toBeNull();
    expect(
      parseMemberEvent(message('image.status', { type: 'image.status', image_id: 'x', status: 'complete' })),
    ).toBeNull();
  });
});
