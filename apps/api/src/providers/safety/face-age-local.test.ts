import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RATIOS } from '@velvet/contracts/options';
import { decodeRgb } from '../../lib/picture-pixels.ts';
import { drawDemoImage } from '../image-model/demo.ts';
import type { Worker } from 'node:worker_threads';
import {
  createLocalFaceAgeEstimator,
  FACE_MIN_SCORE,
  FACE_THREAD_YOUNG_GENERATION_MB,
  humanPackageDir,
  startFaceAgeThread,
} from './face-age-local.ts';
import { SafetyProviderError } from './index.ts';

// Real faces: the sample pictures that ship inside @vladmandic/human (pinned version, read in place).
const assets = path.join(humanPackageDir(), 'assets');
/** A group photo of adults, 1280x1158. */
const GROUP = path.join(assets, 'samples.jpg');
/** A screenshot whose top left shows one adult man's face. */
const SCREENSHOT_FACEID = path.join(assets, 'screenshot-faceid.jpg');
/** A screenshot with a row of five adult faces, 155 px each. */
const SCREENSHOT_FACES = path.join(assets, 'screenshot-facedetect.jpg');

const oneFace = () => sharp(SCREENSHOT_FACEID).extract({ left: 10, top: 135, width: 150, height: 150 });
const ADULT = { min: 18, max: 70 };
/** A demo drawing in which the detector finds nothing (see below). */
const NO_FACE_SEED = 'seed 3';

// One estimator (one Human load) for the whole file; the first picture pays for loading the models.
const estimator = createLocalFaceAgeEstimator();

describe('local face age estimator (@vladmandic/human on tfjs WASM)', { timeout: 60_000 }, () => {
  it('finds the faces of a group photo and estimates adult ages', async () => {
    const faces = await estimator.estimate(await sharp(GROUP).toBuffer());
    expect(estimator.name).toBe('face-age-local');
    expect(faces.length).toBeGreaterThanOrEqual(10);
    for (const face of faces) {
      expect(face.age).toBeGreaterThanOrEqual(ADULT.min);
      expect(face.age).toBeLessThanOrEqual(ADULT.max);
      expect(face.score).toBeGreaterThanOrEqual(FACE_MIN_SCORE);
      expect(face.box.x + face.box.width).toBeLessThanOrEqual(1280);
      expect(face.box.y + face.box.height).toBeLessThanOrEqual(1158);
    }
  });

  it('reads WebP (what the models return), PNG and JPEG alike', async () => {
    const [webp, png, jpeg] = await Promise.all([
      oneFace().webp({ quality: 82 }).toBuffer(),
      oneFace().png().toBuffer(),
      oneFace().jpeg({ quality: 90 }).toBuffer(),
    ]);
    for (const picture of [webp, png, jpeg]) {
      const faces = await estimator.estimate(picture);
      expect(faces).toHaveLength(1);
      expect(faces[0]!.age).toBeGreaterThanOrEqual(25);
      expect(faces[0]!.age).toBeLessThanOrEqual(ADULT.max);
      expect(faces[0]!.score).toBeGreaterThan(0.7);
      // The face fills the 150 px crop.
      expect(faces[0]!.box.width).toBeGreaterThan(100);
    }
  });

  // After pictures with faces: a cached detection (Human is built for video) would show up here.
  it('finds no face in a picture without people (a demo drawing, 832x1216 WebP)', async () => {
    // The demo draws a head-and-shoulders silhouette: in 37 of 60 seeds measured, the detector sees a
    // "face" in it at 0.21-0.41 aged 29-37 (allowed at the default minimum age). This seed draws none.
    const drawing = await drawDemoImage(NO_FACE_SEED, RATIOS.Portrait.width, RATIOS.Portrait.height);
    expect(await estimator.estimate(drawing)).toEqual([]);
  });

  it('places boxes in the picture’s own pixels when a large picture is scaled down', async () => {
    const face = await oneFace().resize(600, 600).png().toBuffer();
    const picture = await sharp({ create: { width: 1664, height: 2432, channels: 3, background: '#b07a66' } })
      .composite([{ input: face, left: 700, top: 400 }])
      .webp({ quality: 82 })
      .toBuffer();
    const faces = await estimator.estimate(picture);
    expect(faces.length).toBeGreaterThanOrEqual(1);
    const found = faces.reduce((best, f) => (f.score > best.score ? f : best));
    const centre = { x: found.box.x + found.box.width / 2, y: found.box.y + found.box.height / 2 };
    // The face's centre in the 600 px square pasted at (700, 400) is near (1000, 700).
    expect(Math.abs(centre.x - 1000)).toBeLessThan(150);
    expect(Math.abs(centre.y - 700)).toBeLessThan(150);
    expect(found.box.width).toBeGreaterThan(300);
  });

  it('pads long pictures to a square so that their faces are still found', async () => {
    const strip = await sharp(SCREENSHOT_FACES)
      .extract({ left: 0, top: 340, width: 800, height: 165 })
      .png()
      .toBuffer();
    const faces = (await estimator.estimate(strip)).filter((f) => f.score > 0.5);
    expect(faces).toHaveLength(5);
    for (const face of faces) {
      expect(face.box.y + face.box.height).toBeLessThanOrEqual(165);
      expect(face.age).toBeGreaterThanOrEqual(ADULT.min);
    }
  });

  it('answers concurrent calls one at a time, each as if it were alone', async () => {
    const pictures = [
      await oneFace().png().toBuffer(),
      await drawDemoImage(NO_FACE_SEED, 832, 1216),
      await sharp(SCREENSHOT_FACES).extract({ left: 300, top: 330, width: 500, height: 190 }).webp().toBuffer(),
    ];
    const alone = [];
    for (const picture of pictures) alone.push(await estimator.estimate(picture));
    const together = await Promise.all([...pictures, ...pictures].map((picture) => estimator.estimate(picture)));
    expect(together).toEqual([...alone, ...alone]);
    expect(alone.map((faces) => faces.length)).toEqual([1, 0, expect.any(Number)]);
    expect(alone[2]!.length).toBeGreaterThanOrEqual(3);
  });

  it('takes the picture decoded by the worker (the thumbnail’s pixels) and finds what it finds in the bytes', async () => {
    expect(estimator.usesPixels).toBe(true);
    const face = await oneFace().webp().toBuffer();
    const strip = await sharp(SCREENSHOT_FACES)
      .extract({ left: 0, top: 340, width: 800, height: 165 })
      .png()
      .toBuffer();
    for (const picture of [face, strip]) {
      expect(await estimator.estimate(picture, undefined, decodeRgb(picture))).toEqual(
        await estimator.estimate(picture),
      );
    }
    // The pixels are what is looked at: a face's bytes with a faceless drawing's pixels find no face.
    const drawing = await drawDemoImage(NO_FACE_SEED, RATIOS.Portrait.width, RATIOS.Portrait.height);
    expect(await estimator.estimate(face, undefined, decodeRgb(drawing))).toEqual([]);
    // A decode that failed fails the check closed.
    const failed = decodeRgb(Buffer.from('not a picture'));
    await expect(estimator.estimate(face, undefined, failed)).rejects.toBeInstanceOf(SafetyProviderError);
  });

  it('fails with a SafetyProviderError on bytes that are not a picture', async () => {
    await expect(estimator.estimate(Buffer.from('not a picture'))).rejects.toBeInstanceOf(SafetyProviderError);
    await expect(estimator.estimate(Buffer.from('not a picture'))).rejects.toThrow(/^face-age-local: /);
  });

  it('does not start when the job is already cancelled', async () => {
    const face = await oneFace().png().toBuffer();
    await expect(estimator.estimate(face, AbortSignal.abort())).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('leaks no tensors, with or without faces', async () => {
    const pictures = await Promise.all([oneFace().webp().toBuffer(), drawDemoImage(NO_FACE_SEED, 256, 256)]);
    await estimator.estimate(pictures[0]!);
    const before = await estimator.memory();
    expect(before).toHaveLength(1);
    expect(before[0]).not.toBeNull();
    // A leak would show after a single call; 20 calls alternate a face and no face.
    for (let i = 0; i < 20; i += 1) await estimator.estimate(pictures[i % 2]!);
    expect(await estimator.memory()).toEqual(before);
  });
});

/** Threads started and the estimator's own account of them; `onStart` may end a thread (a crash). */
function counted(options: { threads: number; idleSeconds?: number; onStart?: (worker: Worker, n: number) => void }) {
  const started: Worker[] = [];
  const local = createLocalFaceAgeEstimator({
    threads: options.threads,
    idleSeconds: options.idleSeconds ?? 60,
    startThread: () => {
      const worker = startFaceAgeThread();
      started.push(worker);
      options.onStart?.(worker, started.length);
      return worker;
    },
  });
  return { local, started };
}

async function until(condition: () => boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('local face age estimator: its pool of threads', { timeout: 60_000 }, () => {
  const pictures = async () => ({
    face: await oneFace().png().toBuffer(),
    group: await sharp(GROUP).toBuffer(),
    strip: await sharp(SCREENSHOT_FACES).extract({ left: 300, top: 330, width: 500, height: 190 }).webp().toBuffer(),
    none: await drawDemoImage(NO_FACE_SEED, 832, 1216),
  });
  /** Each picture's answer from the one-thread estimator above, one at a time. */
  const alone = async (picture: Buffer) => estimator.estimate(picture);

  it('checks two pictures at once on two threads, each answered as if alone', async () => {
    const { face, group } = await pictures();
    const expected = [await alone(group), await alone(face)];
    const { local, started } = counted({ threads: 2 });
    try {
      let mostBusy = 0;
      const sampler = setInterval(() => (mostBusy = Math.max(mostBusy, local.stats().busy)), 2);
      const together = await Promise.all([local.estimate(group), local.estimate(face)]);
      clearInterval(sampler);
      expect(together).toEqual(expected);
      expect(started).toHaveLength(2);
      expect(mostBusy).toBe(2);
      // A later picture reuses a loaded thread instead of starting a third.
      expect(await local.estimate(face)).toEqual(expected[1]);
      expect(started).toHaveLength(2);
    } finally {
      await local.close();
    }
  });

  it('with one thread, checks pictures one at a time in order of arrival', async () => {
    const { face, strip, none } = await pictures();
    const expected = [await alone(face), await alone(strip), await alone(none)];
    const { local, started } = counted({ threads: 1 });
    try {
      const order: number[] = [];
      const track = (n: number, answer: Promise<unknown>) => answer.then((faces) => (order.push(n), faces));
      const first = track(0, local.estimate(face));
      await until(() => local.stats().busy === 1, 'the first picture to start');
      const second = track(1, local.estimate(strip));
      await until(() => local.stats().queued === 1, 'the second picture to wait');
      const third = track(2, local.estimate(none));
      await until(() => local.stats().queued === 2, 'the third picture to wait');
      expect(await Promise.all([first, second, third])).toEqual(expected);
      expect(order).toEqual([0, 1, 2]);
      expect(started).toHaveLength(1);
    } finally {
      await local.close();
    }
  });

  it('runs its threads with the small young generation the memory goal was measured with', async () => {
    const { face } = await pictures();
    const { local, started } = counted({ threads: 1 });
    try {
      expect(await local.estimate(face)).not.toEqual([]);
      expect(started).toHaveLength(1);
      expect(started[0]?.resourceLimits?.maxYoungGenerationSizeMb).toBe(FACE_THREAD_YOUNG_GENERATION_MB);
    } finally {
      await local.close();
    }
  });

  it('ends a thread that has been idle, and the next picture is answered by a new one', async () => {
    const { face } = await pictures();
    const expected = await alone(face);
    const { local, started } = counted({ threads: 1, idleSeconds: 0.3 });
    try {
      expect(await local.estimate(face)).toEqual(expected);
      expect(local.stats().threads).toBe(1);
      await until(() => local.stats().threads === 0, 'the idle thread to end', 5_000);
      expect(await local.memory()).toEqual([]);
      expect(await local.estimate(face)).toEqual(expected);
      expect(started).toHaveLength(2);
    } finally {
      await local.close();
    }
  });

  it('fails the picture of a thread that dies closed (never "no faces"), and the next picture works', async () => {
    const { face } = await pictures();
    const expected = await alone(face);
    const { local, started } = counted({ threads: 1 });
    try {
      const doomed = local.estimate(face);
      await until(() => local.stats().busy === 1, 'the picture to reach its thread');
      // The thread goes away mid-check, as a WASM abort or an out-of-memory thread would.
      await started[0]!.terminate();
      await expect(doomed).rejects.toBeInstanceOf(SafetyProviderError);
      await expect(doomed).rejects.toThrow(/^face-age-local: face check thread exited/);
      expect(await local.estimate(face)).toEqual(expected);
      expect(started).toHaveLength(2);
    } finally {
      await local.close();
    }
  });

  it('drops a cancelled picture that is still waiting: it never reaches a thread', async () => {
    const { face, group } = await pictures();
    const expected = await alone(group);
    const { local } = counted({ threads: 1 });
    try {
      const first = local.estimate(group);
      await until(() => local.stats().busy === 1, 'the first picture to start');
      const job = new AbortController();
      const waiting = local.estimate(face, job.signal);
      await until(() => local.stats().queued === 1, 'the second picture to wait');
      job.abort();
      await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
      expect(local.stats()).toMatchObject({ busy: 1, queued: 0 });
      expect(await first).toEqual(expected);
      // Nothing went to the thread after the first picture.
      expect(local.stats()).toMatchObject({ busy: 0, queued: 0 });
    } finally {
      await local.close();
    }
  });

  it('rejects a picture cancelled mid-check at once, and its thread goes on to the next picture', async () => {
    const { face, group } = await pictures();
    const expected = await alone(face);
    const { local, started } = counted({ threads: 1 });
    try {
      const job = new AbortController();
      const cancelled = local.estimate(group, job.signal);
      await until(() => local.stats().busy === 1, 'the picture to reach its thread');
      job.abort();
      await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
      // The thread is still busy with it (its answer will be dropped).
      expect(local.stats().busy).toBe(1);
      expect(await local.estimate(face)).toEqual(expected);
      expect(started).toHaveLength(1);
    } finally {
      await local.close();
    }
  });

  it('close() ends the threads and fails what still waits', async () => {
    const { face } = await pictures();
    const { local } = counted({ threads: 1 });
    const running = local.estimate(face);
    await until(() => local.stats().busy === 1, 'the picture to reach its thread');
    const waiting = local.estimate(face);
    await until(() => local.stats().queued === 1, 'the second picture to wait');
    const outcomes = Promise.allSettled([running, waiting]);
    await local.close();
    for (const outcome of await outcomes) {
      expect(outcome).toMatchObject({ status: 'rejected', reason: expect.any(SafetyProviderError) });
    }
    expect(local.stats()).toMatchObject({ threads: 0, queued: 0 });
    await expect(local.estimate(face)).rejects.toBeInstanceOf(SafetyProviderError);
  });
});
