// Face detection and age estimation on this machine, with no network: @vladmandic/human (BlazeFace
// detector + FaceRes age model, both shipped inside the package) on TensorFlow.js's WASM backend.
// Only the worker calls it. The picture is decoded here (sharp; or by the worker, which makes the
// thumbnail from the same pixels: lib/picture-pixels.ts); inference runs in a small pool of
// worker threads (face-age-pool.ts), each with its own Human instance loaded on its first picture, so
// that two job slots check two pictures at once and an idle thread's WASM heap can be given back.
import { Worker } from 'node:worker_threads';
import { decodeRgb, type RgbPicture, releasePixels } from '../../lib/picture-pixels.ts';
import { type DecodedPicture, FACE_MIN_SCORE, humanPackageDir } from './face-age-human.ts';
import { createFaceThreadPool, type FaceThreadPoolStats } from './face-age-pool.ts';
import { type FaceAgeEstimator, SafetyProviderError } from './index.ts';

export { FACE_MIN_SCORE, humanPackageDir };

const NAME = 'face-age-local';

/**
 * The detector squashes its input to a square: pictures longer than this ratio are padded to a square
 * first, or their faces get too distorted to be found (a 800x165 strip of five faces: none found unpadded).
 * (The longest side the model sees is PIXELS_MAX_SIDE: larger pictures are scaled down as decoded; the
 * detector itself works at 256 px.)
 */
const MAX_ASPECT = 1.6;

/** Decoded pixels -> what the model is given: a copy of its own (transferred to the thread), padded as needed. */
function modelInput(rgb: RgbPicture): DecodedPicture {
  const { data, width, height, pictureWidth, pictureHeight } = rgb;
  const scale = pictureWidth / width;
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  if (long / short <= MAX_ASPECT) {
    return { pixels: new Uint8Array(data), width, height, padX: 0, padY: 0, scale, pictureWidth, pictureHeight };
  }
  // Letterbox in mid grey.
  const padX = Math.floor((long - width) / 2);
  const padY = Math.floor((long - height) / 2);
  const pixels = new Uint8Array(long * long * 3).fill(128);
  const row = width * 3;
  for (let y = 0; y < height; y += 1) {
    pixels.set(data.subarray(y * row, (y + 1) * row), ((y + padY) * long + padX) * 3);
  }
  return { pixels, width: long, height: long, padX, padY, scale, pictureWidth, pictureHeight };
}

/**
 * The face thread's young generation, in MiB. Its JavaScript allocates little (the tensors live in the
 * WASM heap), yet V8 let the young generation grow to 28-32 MiB, kept while the thread lives; at 4 the
 * check takes as long (docs/performance.md, "Worker").
 */
export const FACE_THREAD_YOUNG_GENERATION_MB = 4;

/**
 * Starts one face-check thread. Compiled (dist/*.js) it runs face-age-thread.js; from the TypeScript
 * sources (tsx, vitest) Node 20 cannot load the .ts entry by itself, so a plain-JS bootstrap loads it
 * through tsx. The thread inherits this process' execArgv (--conditions=velvet-compiled, tsx's hooks).
 * `asShipped` gives the thread FaceRes as the package ships it, its ReLU6 chains not rewritten, and
 * tfjs' clone copying (face-age-human.ts): tests compare the two, which needs two threads, as a thread
 * loads a model and registers its kernels once.
 */
export function startFaceAgeThread(options: { asShipped?: boolean } = {}): Worker {
  const resourceLimits = { maxYoungGenerationSizeMb: FACE_THREAD_YOUNG_GENERATION_MB };
  const asShipped = options.asShipped ? { asShipped: true } : {};
  if (import.meta.url.endsWith('.js')) {
    return new Worker(new URL('./face-age-thread.js', import.meta.url), { resourceLimits, workerData: asShipped });
  }
  return new Worker(new URL('./face-age-thread-tsx.mjs', import.meta.url), {
    resourceLimits,
    workerData: { faceAgeThreadEntry: new URL('./face-age-thread.ts', import.meta.url).href, ...asShipped },
  });
}

export interface LocalFaceAgeOptions {
  /** Most pictures checked at once, one thread each (SAFETY_FACE_THREADS). Default: 1. */
  threads?: number;
  /** A thread idle this long is terminated, its memory freed (SAFETY_FACE_IDLE_SECONDS; 0: never). Default 60. */
  idleSeconds?: number;
  /** Starts a thread; tests wrap it to count or end threads. */
  startThread?: () => Worker;
}

export interface LocalFaceAgeEstimator extends FaceAgeEstimator {
  /** Live tensors and bytes of each live thread's tfjs engine (null before its first picture): for leak checks. */
  memory(): Promise<({ numTensors: number; numBytes: number } | null)[]>;
  stats(): FaceThreadPoolStats;
  /** Terminates the threads (the worker's shutdown); pictures still waiting fail. */
  close(): Promise<void>;
}

/**
 * Faces and their estimated ages, computed on this machine (no network, no download: the models ship
 * in @vladmandic/human). A thread's first picture loads the library and models (about 0.3 s and
 * ~150 MB). Any failure, a thread that crashes included, is a SafetyProviderError (fail closed).
 */
export function createLocalFaceAgeEstimator(options: LocalFaceAgeOptions = {}): LocalFaceAgeEstimator {
  const pool = createFaceThreadPool({
    size: options.threads ?? 1,
    idleMs: (options.idleSeconds ?? 60) * 1000,
    start: options.startThread ?? startFaceAgeThread,
  });
  return {
    name: NAME,
    usesPixels: true,
    async estimate(image, signal, pixels) {
      signal?.throwIfAborted();
      try {
        const decoded = await (pixels ?? decodeRgb(image));
        const picture = modelInput(decoded);
        // A decode of its own is not needed past the copy (the caller's pixels may be: a thumbnail).
        if (!pixels) releasePixels(decoded);
        signal?.throwIfAborted();
        return await pool.check(picture, signal);
      } catch (err) {
        if (signal?.aborted) throw err;
        throw new SafetyProviderError(NAME, err instanceof Error ? err.message : String(err), { cause: err });
      }
    },
    memory: () => pool.memory(),
    stats: () => pool.stats(),
    close: () => pool.close(),
  };
}
