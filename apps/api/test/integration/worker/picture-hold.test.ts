// The picture safety check in the worker, end to end: the BullMQ worker draws with the AUTOMATIC1111
// adapter against its stand-in (which answers a real photograph of adults: the group photo that ships
// with @vladmandic/human), the REAL local face-age check estimates the ages, and the hold path does
// the rest. With SAFETY_FACE_MIN_AGE=99 every face counts as too young: the pictures are held (stored
// in quarantine only, refunded once, queued for review, logged, announced); with 18 they complete.
import { apiPath, API_PATHS } from '@velvet/contracts/routes';
import { ZMemberEvent, type TMemberEvent } from '@velvet/contracts/events/member-event';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageKeys, quarantineKeyFor } from '../../../src/providers/storage/image-files.ts';
import { memberChannel } from '../../../src/services/events/member-events.ts';
import { failGenerationRun, runGeneration } from '../../../src/services/generation/run-generation.ts';
import { settleStuckRuns } from '../../../src/services/generation/settle-stuck-runs.ts';
import { postLedgerEntryAlone } from '../../../src/services/ledger/post-ledger-entry.ts';
import { HELD_REFUSAL } from '../../../src/services/images/image-actions.ts';
import { startWorkers } from '../../../src/worker/start-workers.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { createProcessingRun } from '../../support/factories.ts';
import { startA1111Fake, type A1111Fake } from '../../support/fakes/a1111.ts';
import { closedPortUrl } from '../../support/fakes/http-fake.ts';
import { fundedMember, makeBody, waitFor } from '../../support/generation.ts';

const log = pino({ level: 'silent' });
/** Two cores shared with other work: the face model gets time to load and run. */
const SLOW = 240_000;

/** Every member event the worker publishes for `memberId`, as the API's event stream relays them. */
async function listenToMember(redisUrl: string, memberId: string) {
  const subscriber = new Redis(redisUrl);
  const events: TMemberEvent[] = [];
  subscriber.on('message', (_channel, message: string) => events.push(ZMemberEvent.parse(JSON.parse(message))));
  await subscriber.subscribe(memberChannel(memberId));
  return { events, close: () => subscriber.quit() };
}

/** A worker stack on its own app: the face-photo model stand-in and the given safety settings. */
async function startStack(model: A1111Fake, overrides: Record<string, string>) {
  const t = await createTestApp({ IMAGE_PROVIDER: 'a1111', A1111_URL: model.url, ...overrides });
  await t.services.queues.generation.obliterate({ force: true });
  const workers = startWorkers(t.services, log);
  return {
    t,
    async close() {
      await workers.close();
      await t.close();
    },
  };
}

async function generate(t: TestApp, headers: Record<string, string>, count: number) {
  const body = makeBody({ request_cnt: count, run_ratio: 'Square', prompt: 'friends laughing at a garden party' });
  const made = await t.app.inject({ method: 'POST', url: '/api/v2/images/make', headers, payload: body });
  expect(made.json()).toMatchObject({ status: 'ok' });
  return { runId: body.run_id as string, prompt: body.prompt as string, imageIds: made.json().image_ids as string[] };
}

async function settledRun(t: TestApp, runId: string) {
  return waitFor(async () => {
    const run = await t.services.db.generationRun.findUnique({ where: { runId }, include: { images: true } });
    return run && run.status !== 'processing' ? run : null;
  }, SLOW);
}

let model: A1111Fake;
beforeAll(async () => {
  model = await startA1111Fake('face');
});
afterAll(async () => {
  await model?.close();
});

describe('a picture with a face estimated under SAFETY_FACE_MIN_AGE (99) is held', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let t: TestApp;
  beforeAll(async () => {
    stack = await startStack(model, { SAFETY_FACE_MIN_AGE: '99' });
    t = stack.t;
  }, SLOW);
  afterAll(async () => {
    await stack?.close();
  });

  it(
    'is stored in quarantine only, refunded exactly once, queued for review, logged and announced',
    async () => {
      const { db, storage } = t.services;
      const owner = await fundedMember(t.app, db, 500);
      const stranger = await fundedMember(t.app, db, 0);
      const listener = await listenToMember(t.services.config.REDIS_URL, owner.member.id);
      try {
        const { runId, prompt, imageIds } = await generate(t, owner.headers, 2);
        const run = await settledRun(t, runId);

        // Every image held, with no member-served files; the run is finished.
        expect(run.status).toBe('complete');
        expect(run.images.map((i) => [i.status, i.originalKey, i.thumbnailKey])).toEqual([
          ['held', null, null],
          ['held', null, null],
        ]);

        for (const imageId of imageIds) {
          // Only the quarantined copy exists: a WebP of the run's size.
          const keys = imageKeys(imageId);
          expect(await storage.get(keys.originalKey)).toBeNull();
          expect(await storage.get(keys.thumbnailKey)).toBeNull();
          const quarantined = await storage.get(quarantineKeyFor(imageId));
          expect(quarantined).not.toBeNull();
          const meta = await sharp(quarantined!).metadata();
          expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1024, 1024]);

          // The review queue entry: the real checker found faces and estimated adult ages under 99.
          const hold = await db.safetyHold.findUniqueOrThrow({ where: { imageId } });
          expect(hold).toMatchObject({
            memberId: owner.member.id,
            quarantineKey: quarantineKeyFor(imageId),
            status: 'pending',
            decidedBy: null,
          });
          expect(hold.checker).toMatch(/face-age/);
          expect(hold.faces).toBeGreaterThan(0);
          expect(hold.minAge).toBeGreaterThanOrEqual(18);
          expect(hold.minAge).toBeLessThan(99);
        }

        // The safety log: one 'held' entry per picture, at the picture stage, with the prompt.
        const logged = await db.promptSafetyEvent.findMany({
          where: { memberId: owner.member.id },
          orderBy: { imageId: 'asc' },
        });
        expect(logged.map((e) => [e.outcome, e.stage, e.category, e.imageId, e.prompt])).toEqual(
          imageIds.map((imageId) => ['held', 'picture', 'minors', imageId, prompt]),
        );
        for (const event of logged) {
          expect(event.rule).not.toBe('');
          expect(event.matchedTerms.length).toBeGreaterThan(0);
        }

        // Charged 200 at the make call, refunded 100 per held image through the ledger.
        const member = await db.member.findUniqueOrThrow({ where: { id: owner.member.id } });
        expect(member.coinBalance).toBe(500);
        const refunds = await db.ledgerEntry.findMany({
          where: { memberId: owner.member.id, reason: 'generation_refund' },
          orderBy: { reference: 'asc' },
        });
        expect(refunds.map((r) => [r.delta, r.reference, r.idempotencyKey])).toEqual(
          imageIds.map((imageId) => [100, imageId, `generation_refund:${imageId}`]),
        );

        // Announced: for each image its refund's balance first, then the status.
        await waitFor(async () => listener.events.filter((e) => e.type === 'image.status').length === 2);
        expect(listener.events).toEqual([
          { type: 'balance', cur_tokens: 400 },
          { type: 'image.status', image_id: imageIds[0], status: 'held' },
          { type: 'balance', cur_tokens: 500 },
          { type: 'image.status', image_id: imageIds[1], status: 'held' },
        ]);

        // The job running again (crash, retry) and the final-failure path change nothing more.
        await runGeneration(t.services, runId, log);
        expect(await failGenerationRun(t.services, runId)).toEqual([]);
        expect((await db.member.findUniqueOrThrow({ where: { id: owner.member.id } })).coinBalance).toBe(500);
        expect(await db.ledgerEntry.count({ where: { memberId: owner.member.id, reason: 'generation_refund' } })).toBe(
          2,
        );
        expect(await db.safetyHold.count({ where: { memberId: owner.member.id } })).toBe(2);
        expect(await db.promptSafetyEvent.count({ where: { memberId: owner.member.id } })).toBe(2);
        expect(
          (await db.image.findMany({ where: { runId }, orderBy: { imageId: 'asc' } })).map((i) => i.status),
        ).toEqual(['held', 'held']);

        const [held] = imageIds as [string];
        const get = (url: string, headers: Record<string, string> = owner.headers) =>
          t.app.inject({ method: 'GET', url, headers });

        // The status call says held, with no URL; a stranger learns nothing.
        const status = await get(apiPath(API_PATHS.getStatus, { id: held }));
        expect(status.statusCode).toBe(200);
        expect(status.json()).toMatchObject({ status: 'held', image_url: null, image_save_url: null, is_open: 'N' });
        expect((await get(apiPath(API_PATHS.getStatus, { id: held }), stranger.headers)).statusCode).toBe(404);

        // Every route that serves a picture answers 404.
        for (const path of [
          API_PATHS.imageDetail,
          API_PATHS.imageThumbnail,
          API_PATHS.likedImageDetail,
          API_PATHS.publicImageDetail,
        ]) {
          const res = await get(apiPath(path, { image_id: held }));
          expect([path, res.statusCode]).toEqual([path, 404]);
          expect(res.headers['content-type']).not.toMatch(/image/);
        }

        // It cannot be published, claimed, liked or downloaded.
        const post = (path: string) =>
          t.app.inject({ method: 'POST', url: apiPath(path, { image_id: held }), headers: owner.headers });
        const publish = await post(API_PATHS.publishImage);
        expect([publish.statusCode, publish.json().message]).toEqual([409, HELD_REFUSAL.publish]);
        const claim = await post(API_PATHS.claimImage);
        expect([claim.statusCode, claim.json().message]).toEqual([409, HELD_REFUSAL.claim]);
        expect((await post(API_PATHS.likeImage)).statusCode).toBe(404);
        expect((await post(API_PATHS.recordDownload)).statusCode).toBe(404);

        // No gallery lists it (My Collections leaves it out as it leaves out failed images).
        for (const url of [API_PATHS.collectionImages, API_PATHS.publicImages, API_PATHS.likedImages]) {
          const listed = (await get(url)).json() as { list: Array<{ image_id: string }> };
          expect(listed.list.map((i) => i.image_id)).not.toContain(held);
        }
      } finally {
        await listener.close();
      }
    },
    SLOW,
  );
});

describe('held images and the failure paths', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('the sweeper and the final-failure path fail and refund only what is still processing', async () => {
    const { db } = t.services;
    const owner = await fundedMember(t.app, db, 0);
    const runId = await createProcessingRun(db, owner.member.id, 2);
    const [held, stuck] = [`${runId}001`, `${runId}002`];
    // The first image was held (and refunded by the hold) before the worker died.
    await db.image.update({ where: { imageId: held }, data: { status: 'held' } });
    await postLedgerEntryAlone(db, {
      memberId: owner.member.id,
      delta: 100,
      reason: 'generation_refund',
      reference: held,
      idempotencyKey: `generation_refund:${held}`,
    });
    const old = new Date(Date.now() - 24 * 3600_000);
    await db.generationRun.update({ where: { runId }, data: { createdAt: old } });

    expect(await settleStuckRuns(t.services, log)).toContain(runId);
    expect(await failGenerationRun(t.services, runId)).toEqual([]);
    const images = await db.image.findMany({ where: { runId }, orderBy: { imageId: 'asc' } });
    expect(images.map((i) => [i.imageId, i.status])).toEqual([
      [held, 'held'],
      [stuck, 'failed'],
    ]);
    // Finished: one held image makes the run complete, whatever happened to the others.
    expect((await db.generationRun.findUniqueOrThrow({ where: { runId } })).status).toBe('complete');
    const refunds = await db.ledgerEntry.findMany({
      where: { memberId: owner.member.id },
      orderBy: { reference: 'asc' },
    });
    expect(refunds.map((r) => [r.reference, r.delta])).toEqual([
      [held, 100],
      [stuck, 100],
    ]);
  });
});

describe('a picture check that fails', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  beforeAll(async () => {
    // The hosted checker, unreachable: the check throws on every attempt.
    stack = await startStack(model, {
      SAFETY_PICTURE_CHECK: 'rekognition',
      SAFETY_REKOGNITION_ENDPOINT: await closedPortUrl(),
      SAFETY_REKOGNITION_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      SAFETY_REKOGNITION_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    });
  }, SLOW);
  afterAll(async () => {
    await stack?.close();
  });

  it(
    'fails the attempt (the job retries), never stores the picture, and the last attempt refunds',
    async () => {
      const { t } = stack;
      const { db, storage } = t.services;
      const owner = await fundedMember(t.app, db, 500);
      const { runId } = await generate(t, owner.headers, 1);
      expect((await db.member.findUniqueOrThrow({ where: { id: owner.member.id } })).coinBalance).toBe(400);

      const run = await settledRun(t, runId);
      expect(run.status).toBe('failed');
      const [image] = run.images;
      expect([image!.status, image!.originalKey]).toEqual(['failed', null]);
      // Every attempt of the queue's default (3) drew the picture and failed at the check. The final-failure
      // hook marks the run before BullMQ records the last attempt: wait for the job's own state.
      // The job is read again once failed: a copy read before the last attempt ended still counts 2.
      const job = await waitFor(async () => {
        const j = await t.services.queues.generation.getJob(runId);
        return j && (await j.getState()) === 'failed' ? t.services.queues.generation.getJob(runId) : null;
      });
      expect(job.attemptsMade).toBe(3);
      const keys = imageKeys(image!.imageId);
      expect(await storage.get(keys.originalKey)).toBeNull();
      expect(await storage.get(quarantineKeyFor(image!.imageId))).toBeNull();
      expect(await db.safetyHold.count({ where: { imageId: image!.imageId } })).toBe(0);
      expect((await db.member.findUniqueOrThrow({ where: { id: owner.member.id } })).coinBalance).toBe(500);
    },
    SLOW,
  );
});

describe('a picture whose faces are all estimated at or over SAFETY_FACE_MIN_AGE (18)', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  beforeAll(async () => {
    stack = await startStack(model, { SAFETY_FACE_MIN_AGE: '18' });
  }, SLOW);
  afterAll(async () => {
    await stack?.close();
  });

  it(
    'completes normally: stored where the owner fetches it, nothing held, nothing refunded',
    async () => {
      const { t } = stack;
      const { db, storage } = t.services;
      const owner = await fundedMember(t.app, db, 500);
      const { runId, imageIds } = await generate(t, owner.headers, 1);
      const run = await settledRun(t, runId);
      expect(run.status).toBe('complete');
      const [image] = run.images;
      expect(image!.status).toBe('complete');
      expect(image!.originalKey).toBe(imageKeys(image!.imageId).originalKey);
      expect(await storage.get(image!.originalKey!)).not.toBeNull();
      expect(await storage.get(quarantineKeyFor(image!.imageId))).toBeNull();
      expect(await db.safetyHold.count({ where: { memberId: owner.member.id } })).toBe(0);
      expect(await db.promptSafetyEvent.count({ where: { memberId: owner.member.id } })).toBe(0);
      expect((await db.member.findUniqueOrThrow({ where: { id: owner.member.id } })).coinBalance).toBe(400);

      const picture = await t.app.inject({
        method: 'GET',
        url: apiPath(API_PATHS.imageDetail, { image_id: imageIds[0]! }),
        headers: owner.headers,
      });
      expect([picture.statusCode, picture.headers['content-type']]).toEqual([200, 'image/webp']);
      const status = await t.app.inject({
        method: 'GET',
        url: apiPath(API_PATHS.getStatus, { id: imageIds[0]! }),
        headers: owner.headers,
      });
      expect(status.json()).toMatchObject({ status: 'complete' });
    },
    SLOW,
  );
});
