// Face detection and age estimation on this machine, with no network: @vladmandic/human (BlazeFace
// detector + FaceRes age model, both shipped inside the package) on TensorFlow.js's WASM backend.
// Only the worker calls it; the library and its models are loaded on the first picture, once per process.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Config, Human } from '@vladmandic/human';
import sharp from 'sharp';
import { type FaceAge, type FaceAgeEstimator, SafetyProviderError } from './index.ts';

const NAME = 'face-age-local';

/**
 * Detections scoring below this are ignored. Measured with the package's sample pictures: clear faces
 * score 0.77-0.96, small faces in a crowd 0.21-0.55, spurious detections 0.11-0.25. Low on purpose: a
 * spurious "face" can only hold a picture for review, a missed one lets it through.
 */
export const FACE_MIN_SCORE = 0.2;
/** Longest side the model sees: larger pictures (4k) are scaled down first (the detector works at 256 px). */
const MAX_SIDE = 1280;
/**
 * The detector squashes its input to a square: pictures longer than this ratio are padded to a square
 * first, or their faces get too distorted to be found (a 800x165 strip of five faces: none found unpadded).
 */
const MAX_ASPECT = 1.6;

const require = createRequire(import.meta.url);

/** The installed package's folder (its `exports` map hides package.json, so go from the main file). */
export function humanPackageDir(): string {
  return path.resolve(path.dirname(require.resolve('@vladmandic/human')), '..');
}

/** The .wasm files of tfjs's WASM backend. */
const wasmDir = () => path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist');

function humanConfig(): Partial<Config> {
  // Every cache and frame skip off: they are meant for video and would reuse the previous picture's faces.
  const noSkip = { skipFrames: 0, skipTime: 0 };
  return {
    backend: 'wasm',
    wasmPath: `${wasmDir()}${path.sep}`,
    modelBasePath: `${pathToFileURL(path.join(humanPackageDir(), 'models')).href}/`,
    debug: false,
    async: true,
    warmup: 'none',
    cacheModels: false,
    cacheSensitivity: 0,
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: {
        ...noSkip,
        maxDetected: 50,
        minConfidence: FACE_MIN_SCORE,
        rotation: false,
        return: false,
      },
      mesh: { enabled: false },
      iris: { enabled: false },
      emotion: { enabled: false },
      attention: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
      // FaceRes: age, gender and descriptor.
      description: { enabled: true, ...noSkip },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    segmentation: { enabled: false },
    gesture: { enabled: false },
  };
}

/**
 * Human and tfjs load models (and may load wasm) through fetch, and Node's fetch has no file:// support:
 * while loading, file:// URLs inside the package folders are read from disk; everything else goes
 * to the real fetch. Restored as soon as the models are in memory.
 */
async function withLocalFileFetch<T>(allowedDirs: string[], task: () => Promise<T>): Promise<T> {
  const realFetch = globalThis.fetch;
  const localFetch: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith('file://')) return realFetch(input, init);
    const file = fileURLToPath(url);
    if (!allowedDirs.some((dir) => file.startsWith(dir + path.sep))) {
      return new Response('outside the model folders', { status: 403 });
    }
    try {
      return new Response(await readFile(file), { status: 200 });
    } catch {
      return new Response('not found', { status: 404 });
    }
  };
  globalThis.fetch = localFetch;
  try {
    return await task();
  } finally {
    if (globalThis.fetch === localFetch) globalThis.fetch = realFetch;
  }
}

type HumanModule = { Human: new (config?: Partial<Config>) => Human };

/** The part of Human's tfjs instance used here (Human types it as any). */
interface Tfjs {
  tensor(values: Int32Array, shape: number[], dtype: 'int32'): Parameters<Human['detect']>[0] & { dispose(): void };
  memory(): { numTensors: number; numBytes: number };
  getBackend(): string;
}
const tfOf = (human: Human) => human.tf as Tfjs;

async function loadHuman(): Promise<Human> {
  const dir = humanPackageDir();
  // The WASM build (human.node.js wants tfjs-node's native binary). Its `exports` keys lack "./",
  // so a bare specifier fails: load the file by its path.
  const { Human: HumanClass } = require(path.join(dir, 'dist', 'human.node-wasm.js')) as HumanModule;
  const human = new HumanClass(humanConfig());
  await withLocalFileFetch([path.join(dir, 'models'), wasmDir()], () => human.load());
  // Human logs a model that fails to load and goes on without it: never check pictures half-blind.
  const loaded = human.models.loaded();
  const missing = ['blazeface', 'faceres'].filter((model) => !loaded.includes(model));
  if (missing.length > 0) throw new Error(`models not loaded: ${missing.join(', ')}`);
  const backend = tfOf(human).getBackend();
  if (backend !== 'wasm') throw new Error(`unexpected tfjs backend ${backend}`);
  loadedHuman = human;
  return human;
}

let humanPromise: Promise<Human> | null = null;
let loadedHuman: Human | null = null;

/** The process's one Human instance, loaded on first use; a failed load is retried on the next call. */
function getHuman(): Promise<Human> {
  humanPromise ??= loadHuman().catch((err: unknown) => {
    humanPromise = null;
    throw err;
  });
  return humanPromise;
}

// tfjs has one engine per process: one inference at a time, in order of arrival.
let queue: Promise<unknown> = Promise.resolve();
function serialised<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

interface DecodedPicture {
  pixels: Int32Array;
  /** Size of the tensor given to the model. */
  width: number;
  height: number;
  /** Padding added on the left and top, in model pixels. */
  padX: number;
  padY: number;
  /** Picture pixels per model pixel. */
  scale: number;
  /** The picture's own size (upright). */
  pictureWidth: number;
  pictureHeight: number;
}

/** WebP, PNG or JPEG bytes -> upright RGB pixels as int32, scaled down and padded as the detector needs. */
async function decodePicture(image: Buffer): Promise<DecodedPicture> {
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
      pixels: Int32Array.from(data),
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
  const pixels = new Int32Array(long * long * 3).fill(128);
  const row = info.width * 3;
  for (let y = 0; y < info.height; y += 1) {
    pixels.set(data.subarray(y * row, (y + 1) * row), ((y + padY) * long + padX) * 3);
  }
  return { pixels, width: long, height: long, padX, padY, scale, pictureWidth, pictureHeight };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

async function estimateAges(human: Human, picture: DecodedPicture): Promise<FaceAge[]> {
  const input = tfOf(human).tensor(picture.pixels, [1, picture.height, picture.width, 3], 'int32');
  let result: Awaited<ReturnType<Human['detect']>>;
  try {
    result = await human.detect(input);
  } finally {
    input.dispose();
  }
  if (result.error) throw new Error(`detection failed: ${result.error}`);
  const faces: FaceAge[] = [];
  for (const face of result.face) {
    if (face.score < FACE_MIN_SCORE) continue;
    if (typeof face.age !== 'number' || !Number.isFinite(face.age) || face.age <= 0) {
      // Without an age the face cannot be cleared: fail closed.
      throw new Error('a face was found but its age could not be estimated');
    }
    const [bx, by, bw, bh] = face.box;
    const x = clamp((bx - picture.padX) * picture.scale, 0, picture.pictureWidth);
    const y = clamp((by - picture.padY) * picture.scale, 0, picture.pictureHeight);
    faces.push({
      age: face.age,
      score: face.score,
      box: {
        x: Math.round(x),
        y: Math.round(y),
        width: Math.round(clamp(bw * picture.scale, 0, picture.pictureWidth - x)),
        height: Math.round(clamp(bh * picture.scale, 0, picture.pictureHeight - y)),
      },
    });
  }
  return faces;
}

/** Live tensors and bytes of the tfjs engine (null before the first picture): for leak checks. */
export function localFaceAgeMemory(): { numTensors: number; numBytes: number } | null {
  if (!loadedHuman) return null;
  const { numTensors, numBytes } = tfOf(loadedHuman).memory();
  return { numTensors, numBytes };
}

/**
 * Faces and their estimated ages, computed on this machine (no network, no download: the models ship
 * in @vladmandic/human). The first call loads the library and models (about 0.3 s and ~150 MB);
 * calls run one at a time.
 */
export function createLocalFaceAgeEstimator(): FaceAgeEstimator {
  return {
    name: NAME,
    estimate(image, signal) {
      return serialised(async () => {
        signal?.throwIfAborted();
        try {
          const picture = await decodePicture(image);
          const human = await getHuman();
          signal?.throwIfAborted();
          return await estimateAges(human, picture);
        } catch (err) {
          if (signal?.aborted) throw err;
          throw new SafetyProviderError(NAME, err instanceof Error ? err.message : String(err), { cause: err });
        }
      });
    },
  };
}
