import { EVENT_STREAM_HEARTBEAT_MS, type TMemberEvent } from '@velvet/contracts/events/member-event';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { MEMBER_CHANNEL_PATTERN } from '../../services/events/member-events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Holds members' open event streams on this instance; fed by Redis pub/sub. */
    memberEvents: MemberEventStreams;
  }
}

export interface MemberEventStreams {
  /** Takes over the reply as a server-sent-events stream for the member until the client leaves. */
  open(memberId: string, reply: FastifyReply): Promise<void>;
  /** Open streams on this instance (for tests and metrics). */
  count(): number;
}

const frame = (event: TMemberEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

/**
 * One Redis subscriber per API instance (pattern member-events:*) fans messages out to the streams
 * it holds, so an event published by the worker or another instance reaches the member wherever the
 * stream is open.
 */
export default fp<{ redis: Redis }>(
  async function memberEvents(app: FastifyInstance, opts) {
    const streams = new Map<string, Set<FastifyReply>>();
    let subscriber: Redis | null = null;
    let subscribing: Promise<void> | null = null;

    const ensureSubscribed = () =>
      (subscribing ??= (async () => {
        subscriber = opts.redis.duplicate();
        subscriber.on('error', () => undefined);
        subscriber.on('pmessage', (_pattern: string, channel: string, message: string) => {
          const memberId = channel.slice(channel.indexOf(':') + 1);
          const targets = streams.get(memberId);
          if (!targets) return;
          let event: TMemberEvent;
          try {
            event = JSON.parse(message) as TMemberEvent;
          } catch {
            return;
          }
          for (const reply of targets) reply.raw.write(frame(event));
        });
        await subscriber.psubscribe(MEMBER_CHANNEL_PATTERN);
      })());

    app.decorate('memberEvents', {
      async open(memberId, reply) {
        await ensureSubscribed();
        reply.hijack();
        reply.raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          // nginx and similar proxies would otherwise buffer the stream.
          'x-accel-buffering': 'no',
        });
        reply.raw.write(`retry: 3000\n: connected\n\n`);
        const set = streams.get(memberId) ?? new Set<FastifyReply>();
        set.add(reply);
        streams.set(memberId, set);
        const heartbeat = setInterval(() => reply.raw.write(': ping\n\n'), EVENT_STREAM_HEARTBEAT_MS);
        reply.raw.on('close', () => {
          clearInterval(heartbeat);
          set.delete(reply);
          if (set.size === 0) streams.delete(memberId);
        });
      },
      count: () => [...streams.values()].reduce((n, set) => n + set.size, 0),
    } satisfies MemberEventStreams);

    // Before the server stops accepting: open streams would otherwise hold the shutdown forever.
    app.addHook('preClose', async () => {
      for (const set of streams.values()) for (const reply of set) reply.raw.end();
      streams.clear();
    });
    app.addHook('onClose', async () => {
      if (subscriber) await (subscriber as Redis).quit().catch(() => undefined);
    });
  },
  { name: 'member-events' },
);
