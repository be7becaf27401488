import sharp from 'sharp';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generationRunJob, type RunDrawing } from '../../../src/jobs/generation-run.job.ts';
import { drawDemoImage } from '../../../src/providers/image-model/demo.ts';
import type { GenerateParams, ImageModelProvider } from '../../../src/providers/image-model/index.ts';
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

  /** The demo provider, its calls recorded (what was asked, and whether the worker dropped the call). */
  function recordProviderCalls() {
    const demo = t.services.imageModel;
    const calls: { params: GenerateParams; signal: AbortSignal | undefined }[] = [];
    const recording: ImageModelProvider = {
      name: demo.name,
      isDemo: demo.isDemo,
      generate: (params, signal) => {
        calls.push({ params, signal });
        return demo.generate(params, signal);
      },
    };
    t.services.imageModel = recording;
    return { calls, restore: () => (t.services.imageModel = demo) };
  }

  const harbourDrawing: RunDrawing = {
    prompt: 'a quiet harbour at dusk',
    model: 'Realistic',
    style: 'Free',
    width: 1024,
    height: 1024,
    strength: 0.5,
    count: 1,
    upscale4k: false,
  };

  async function completedOriginal(runId: string): Promise<Buffer> {
    const { db, storage } = t.services;
    const run = await waitFor(async () => {
      const r = await db.generationRun.findUnique({ where: { runId }, include: { images: true } });
      return r?.status === 'complete' ? r : null;
    });
    return (await storage.get(run.images[0]!.originalKey!))!;
  }

  /** A harbour run of one image queued with `drawing` as the job's copy: the provider's calls and the stored original. */
  async function generateWithCopy(drawing: RunDrawing) {
    const member = await createMember(t.services.db);
    const runId = await createProcessingRun(t.services.db, member.id, 1);
    const provider = recordProviderCalls();
    try {
      await generationRunJob.enqueue(t.services.queues, { runId, drawing });
      return { runId, calls: provider.calls, original: await completedOriginal(runId) };
    } finally {
      provider.restore();
    }
  }

  const harbourPicture = () => drawDemoImage('a quiet harbour at dusk|Realistic|Free|0.5|0', 1024, 1024);

  it("draws from the job's copy of the run while it reads the run: one provider call, the run's picture", async () => {
    const { runId, calls, original } = await generateWithCopy(harbourDrawing);
    expect(calls.map((c) => c.params)).toEqual([{ runId, ...harbourDrawing }]);
    expect(original.equals(await harbourPicture())).toBe(true);
  });

  it("drops a job's copy that differs from the run and draws the run's own prompt", async () => {
    const { calls, original } = await generateWithCopy({
      ...harbourDrawing,
      prompt: 'a different prompt than the run committed',
      strength: 0.8,
    });
    expect(calls.map((c) => [c.params.prompt, c.params.strength])).toEqual([
      ['a different prompt than the run committed', 0.8],
      ['a quiet harbour at dusk', 0.5],
    ]);
    // The job's drawing was called off (a model behind HTTP stops on it) and its pictures unused.
    expect(calls[0]!.signal?.aborted).toBe(true);
    expect(original.equals(await harbourPicture())).toBe(true);
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
