import sharp from 'sharp';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generationRunJob } from '../../../src/jobs/generation-run.job.ts';
import { startWorkers } from '../../../src/worker/start-workers.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { createMember, createProcessingRun } from '../../support/factories.ts';

const log = pino({ level: 'silent' });

async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('generation worker (BullMQ on real Redis, demo provider, local storage)', () => {
  let t: TestApp;
  let workers: ReturnType<typeof startWorkers>;
  beforeAll(async () => {
    t = await createTestApp();
    await t.services.queues.generation.obliterate({ force: true });
    workers = startWorkers(t.services, log);
  });
  afterAll(async () => {
    await workers.close();
    await t.close();
  });

  it('draws every image of a queued run at the ratio size and stores original + thumbnail', async () => {
    const { db, storage } = t.services;
    const member = await createMember(db);
    const runId = await createProcessingRun(db, member.id, 2);
    await generationRunJob.enqueue(t.services.queues, { runId });

    const run = await waitFor(async () => {
      const r = await db.generationRun.findUnique({ where: { runId }, include: { images: true } });
      return r?.status === 'complete' ? r : null;
    });
    expect(run.images.map((i) => i.status)).toEqual(['complete', 'complete']);
    for (const image of run.images) {
      const original = await storage.get(image.originalKey!);
      const thumbnail = await storage.get(image.thumbnailKey!);
      expect((await sharp(original!).metadata()).width).toBe(1024);
      const thumbMeta = await sharp(thumbnail!).metadata();
      expect([thumbMeta.format, thumbMeta.width]).toEqual(['webp', 600]);
    }
  });

  it('queues a run only once (job id = run id)', async () => {
    const member = await createMember(t.services.db);
    const runId = await createProcessingRun(t.services.db, member.id, 1);
    await generationRunJob.enqueue(t.services.queues, { runId });
    await generationRunJob.enqueue(t.services.queues, { runId });
    const jobs = await t.services.queues.generation.getJobs(['waiting', 'active', 'completed', 'delayed']);
    expect(jobs.filter((j) => j.id === runId)).toHaveLength(1);
  });

  it('after the last failed attempt marks the unfinished images and the run failed', async () => {
    const failing = await createTestApp();
    failing.services.imageModel = {
      name: 'broken',
      isDemo: false,
      generate: async () => {
        throw new Error('model endpoint unavailable');
      },
    };
    await workers.close();
    const failingWorkers = startWorkers(failing.services, log);
    try {
      const member = await createMember(failing.services.db);
      const runId = await createProcessingRun(failing.services.db, member.id, 3);
      await generationRunJob.enqueue(
        failing.services.queues,
        { runId },
        {
          attempts: 2,
          backoff: { type: 'fixed', delay: 50 },
        },
      );
      const run = await waitFor(async () => {
        const r = await failing.services.db.generationRun.findUnique({ where: { runId }, include: { images: true } });
        return r?.status === 'failed' ? r : null;
      });
      expect(run.images.map((i) => i.status)).toEqual(['failed', 'failed', 'failed']);
      // The final-failure hook marks the run before BullMQ records the attempt: wait for the job's own
      // state, and read the job only then (a job read before the state can be the attempt before).
      const job = await waitFor(async () => {
        const state = await failing.services.queues.generation.getJobState(runId);
        return state === 'failed' ? await failing.services.queues.generation.getJob(runId) : null;
      });
      expect(job.attemptsMade).toBe(2);
    } finally {
      await failingWorkers.close();
      await failing.close();
      workers = startWorkers(t.services, log);
    }
  });
});
