// Face detection and age estimation on this machine, with no network: @vladmandic/human (BlazeFace
// detector + FaceRes age model, both shipped inside the package) on TensorFlow.js's WASM backend.
// Only the worker calls it. The picture is decoded here (sharp); inference runs in a small pool of
// worker threads (face-age-pool.ts), each with its own Human instance loaded on its first picture, so
// that two job slots check two pictures at once and an idle thread's WASM heap can be given back.
import { Worker } from 'node:worker_threads';
import { loadSharp } from '../../lib/sharp.ts';
import { type DecodedPicture, FACE_MIN_SCORE, humanPackageDir } from './face-age-human.ts';
import { createFaceThreadPool, type FaceThreadPoolStats } from './face-age-pool.ts';
import { type FaceAgeEstimator, SafetyProviderError } from './index.ts';

export { FACE_MIN_SCORE, humanPackageDir };

const NAME = 'face-age-local';

/** Longest side the model sees: larger pictures (4k) are scaled down first (the detector works at 256 px). */
const MAX_SIDE = 1280;
/**
 * The detector squashes its input to a square: pictures longer than this ratio are padded to a square
 * first, or their faces get too distorted to be found (a 800x165 strip of five faces: none found unpadded).
 */
const MAX_ASPECT = 1.6;

/** WebP, PNG or JPEG bytes -> upright RGB pixels, scaled down and padded as the detector needs. */
async function decodePicture(image: Buffer): Promise<DecodedPicture> {
  const sharp = await loadSharp();
  const meta = await sharp(image).metadata();
  const { width: pictureWidth, height: pictureHeight } = meta.autoOrient;
  const { data, info } = await sharp(image)
    .autoOrient()
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`decoded ${info.channels} channels instead of 3`);
  const scale = pictureWidth / info.width;
  const long = Math.max(info.width, info.height);
  const short = Math.min(info.width, info.height);
  if (long / short <= MAX_ASPECT) {
    return {
      pixels: new Uint8Array(data), // its own buffer, transferred to the thread
      width: info.width,
      height: info.height,
      padX: 0,
      padY: 0,
      scale,
      pictureWidth,
      pictureHeight,
    };
  }
  // Letterbox in mid grey.
  const padX = Math.floor((long - info.width) / 2);
  const padY = Math.floor((long - info.height) / 2);
  const pixels = new Uint8Array(long * long * 3).fill(128);
  const row = info.width * 3;
  for (let y = 0; y < info.height; y += 1) {
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
 * `faceResAsShipped` gives the thread FaceRes as the package ships it, its ReLU6 chains not rewritten
 * (face-age-human.ts): tests compare the two, which needs two threads, as a thread loads a model once.
 */
export function startFaceAgeThread(options: { faceResAsShipped?: boolean } = {}): Worker {
  const resourceLimits = { maxYoungGenerationSizeMb: FACE_THREAD_YOUNG_GENERATION_MB };
  const asShipped = options.faceResAsShipped ? { faceResAsShipped: true } : {};
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
    async estimate(image, signal) {
      signal?.throwIfAborted();
      try {
        const picture = await decodePicture(image);
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
