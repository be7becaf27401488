import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageModelProvider } from '../../../src/providers/image-model/index.ts';
import { failGenerationRun } from '../../../src/services/generation/run-generation.ts';
import { memberVersionKey } from '../../../src/services/galleries/gallery-cache.ts';
import { startWorkers } from '../../../src/worker/start-workers.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { fundedMember, makeBody, waitFor } from '../../support/generation.ts';

const log = pino({ level: 'silent' });

/** Reads server-sent events from a listening app, as a browser's fetch stream would. */
async function openEventStream(url: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  const events: Array<{ event: string; data: unknown }> = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      }
    } catch {
      // aborted
    }
  })();
  return { res, events, close: () => controller.abort() };
}

describe('status, image files and the event stream', () => {
  let t: TestApp;
  let workers: ReturnType<typeof startWorkers>;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.services.queues.generation.obliterate({ force: true });
    workers = startWorkers(t.services, log);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await workers.close();
    await t.close();
  });

  const status = (id: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v2/status/${id}`, headers });

  it('pushes completion over the stream, then serves status and the files to the owner only', async () => {
    const owner = await fundedMember(t.app, t.services.db, 500);
    const stranger = await fundedMember(t.app, t.services.db, 0);
    const stream = await openEventStream(`${baseUrl}/api/v2/events`, owner.token);
    expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    await waitFor(async () => t.app.memberEvents.count() > 0);

    const versionKey = memberVersionKey(owner.member.id);
    const versionBefore = Number((await t.services.redis.get(versionKey)) ?? 0);
    const body = makeBody({ request_cnt: 2, run_ratio: 'Square' });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v2/images/make',
      headers: owner.headers,
      payload: body,
    });
    const [first, second] = made.json().image_ids as string[];

    const processing = await status(first!, owner.headers);
    expect(processing.json()).toMatchObject({ status: expect.stringMatching(/processing|complete/) });

    await waitFor(async () => stream.events.filter((e) => e.event === 'image.status').length >= 2);
    expect(stream.events.filter((e) => e.event === 'image.status').map((e) => e.data)).toEqual([
      { type: 'image.status', image_id: first, status: 'complete' },
      { type: 'image.status', image_id: second, status: 'complete' },
    ]);
    stream.close();
    // The member's cached gallery pages were made stale before each event (My Collections reloads on it).
    expect(Number(await t.services.redis.get(versionKey))).toBe(versionBefore + 2);

    const done = await status(first!, owner.headers);
    expect(done.json()).toEqual({
      status: 'complete',
      image_url: `/api/v2/image/detail/${first}`,
      image_save_url: `/api/v2/image/detail/${first}`,
      is_claim: 'N',
      is_open: 'N',
      like_cnt: 0,
      view_cnt: 0,
      is_delete: 'N',
      is_liked: 'N',
      run_type: 'Realistic',
    });

    const original = await t.app.inject({
      method: 'GET',
      url: `/api/v2/image/detail/${first}`,
      headers: owner.headers,
    });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/webp');
    expect((await sharp(original.rawPayload).metadata()).width).toBe(1024);
    const etag = original.headers.etag as string;
    const cached = await t.app.inject({
      method: 'GET',
      url: `/api/v2/image/detail/${first}`,
      headers: { ...owner.headers, 'if-none-match': etag },
    });
    expect(cached.statusCode).toBe(304);
    const thumb = await t.app.inject({ method: 'GET', url: `/api/v2/image/thumb/${first}`, headers: owner.headers });
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(600);

    // Anyone else: 404, never 403, so ids cannot be probed.
    for (const headers of [stranger.headers, {}]) {
      expect((await status(first!, headers)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/v2/image/thumb/${first}`, headers })).statusCode).toBe(
        404,
      );
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v2/image/detail/${first}`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404);
    expect((await status(`${'A'.repeat(32)}001`, owner.headers)).statusCode).toBe(404);
    expect((await status('nope', owner.headers)).statusCode).toBe(400);
    expect((await status(first!, { authorization: 'Bearer broken' })).statusCode).toBe(401);

    // Once published, anyone may read its status (with the public detail path) and thumbnail.
    await t.services.db.image.update({ where: { imageId: first! }, data: { isOpen: true } });
    const open = await status(first!);
    expect(open.json()).toMatchObject({ is_open: 'Y', image_url: `/api/v1/image/detail/${first}` });
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/image/thumb/${first}` })).statusCode).toBe(200);
    // The owner's full-size route stays the owner's.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v2/image/detail/${first}`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404);
  });

  it('needs a signed-in member for the event stream', async () => {
    const res = await fetch(`${baseUrl}/api/v2/events`);
    expect(res.status).toBe(401);
  });

  it('carries events published by another process to the member', async () => {
    const m = await fundedMember(t.app, t.services.db, 0);
    const stream = await openEventStream(`${baseUrl}/api/v2/events`, m.token);
    await waitFor(async () => t.app.memberEvents.count() > 0);
    // Another instance or the worker: a separate Redis connection publishing.
    const other = t.services.redis.duplicate();
    await other.publish(`member-events:${m.member.id}`, JSON.stringify({ type: 'balance', cur_tokens: 42 }));
    await waitFor(async () => stream.events.length > 0);
    expect(stream.events).toEqual([{ event: 'balance', data: { type: 'balance', cur_tokens: 42 } }]);
    stream.close();
    await other.quit();
  });
});

describe('a run the provider cannot finish', () => {
  let t: TestApp;
  let workers: ReturnType<typeof startWorkers>;
  let calls = 0;

  beforeAll(async () => {
    t = await createTestApp();
    await t.services.queues.generation.obliterate({ force: true });
    const failing: ImageModelProvider = {
      name: 'always-down',
      isDemo: false,
      async generate() {
        calls += 1;
        throw new Error('model server unavailable');
      },
    };
    t.services.imageModel = failing;
    // Short backoff so three attempts take a moment.
    (t.services.queues.generation.defaultJobOptions as { backoff: unknown }).backoff = { type: 'fixed', delay: 50 };
    workers = startWorkers(t.services, log);
  });
  afterAll(async () => {
    await workers.close();
    await t.close();
  });

  it('retries, then marks the images failed and refunds their coins exactly once', async () => {
    const m = await fundedMember(t.app, t.services.db, 1000);
    const body = makeBody({ request_cnt: 3, fourk_yn: 'yes' });
    const made = await t.app.inject({ method: 'POST', url: '/api/v2/images/make', headers: m.headers, payload: body });
    expect(made.json()).toMatchObject({ status: 'ok', cur_tokens: 400 });

    const run = await waitFor(async () => {
      const r = await t.services.db.generationRun.findUnique({
        where: { runId: body.run_id as string },
        include: { images: true },
      });
      return r?.status === 'failed' ? r : null;
    });
    expect(calls).toBe(3);
    expect(run.images.map((i) => i.status)).toEqual(['failed', 'failed', 'failed']);
    const member = await t.services.db.member.findUniqueOrThrow({ where: { id: m.member.id } });
    expect(member.coinBalance).toBe(1000);
    const refunds = await t.services.db.ledgerEntry.findMany({
      where: { memberId: m.member.id, reason: 'generation_refund' },
    });
    expect(refunds.map((r) => r.delta)).toEqual([200, 200, 200]);

    // The final-failure hook running again (a redelivered job) refunds nothing more.
    expect(await failGenerationRun(t.services, body.run_id as string)).toEqual([]);
    expect((await t.services.db.member.findUniqueOrThrow({ where: { id: m.member.id } })).coinBalance).toBe(1000);

    const failedStatus = await t.app.inject({
      method: 'GET',
      url: `/api/v2/status/${body.run_id}001`,
      headers: m.headers,
    });
    expect(failedStatus.json()).toMatchObject({ status: 'failed', image_url: null });
  });
});
