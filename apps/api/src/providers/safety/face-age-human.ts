// The part of the local face age check that runs inside a face-check thread (face-age-thread.ts):
// @vladmandic/human (BlazeFace detector + FaceRes age model, both shipped inside the package) on
// TensorFlow.js's WASM backend. It imports no sharp and no workspace package: a thread loads only this.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Config, Human } from '@vladmandic/human';
import type { FaceAge } from './index.ts';

/**
 * Detections scoring below this are ignored. Measured with the package's sample pictures: clear faces
 * score 0.77-0.96, small faces in a crowd 0.21-0.55, spurious detections 0.11-0.25. Low on purpose: a
 * spurious "face" can only hold a picture for review, a missed one lets it through.
 */
export const FACE_MIN_SCORE = 0.2;

const require = createRequire(import.meta.url);

/** The installed package's folder (its `exports` map hides package.json, so go from the main file). */
export function humanPackageDir(): string {
  return path.resolve(path.dirname(require.resolve('@vladmandic/human')), '..');
}

/** The .wasm files of tfjs's WASM backend. */
const wasmDir = () => path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist');

/** A picture decoded by the calling thread (face-age-local.ts), as the model is given it. */
export interface DecodedPicture {
  /** RGB, a byte per channel, `height` rows of `width` pixels. */
  pixels: Uint8Array;
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

type InputTensor = Parameters<Human['detect']>[0] & { dispose(): void };
interface TensorInfo {
  dataId: object;
  shape: number[];
  dtype: 'float32';
}

/** The part of Human's tfjs instance used here (Human types it as any). */
interface Tfjs {
  engine(): {
    /** The WASM backend (checked at load). */
    backend: {
      makeOutput(shape: number[], dtype: 'float32'): TensorInfo;
      typedArrayFromHeap(info: TensorInfo): Float32Array;
    };
    makeTensorFromTensorInfo(info: TensorInfo): InputTensor;
  };
  memory(): { numTensors: number; numBytes: number };
  getBackend(): string;
}
const tfOf = (human: Human) => human.tf as Tfjs;

/** Human with its two models loaded, on the WASM backend; throws rather than run half-blind. */
export async function loadHuman(): Promise<Human> {
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
  // A loaded model keeps the weight file's bytes (7 MiB) only to be able to save itself; its weights
  // are already in the WASM heap.
  for (const model of Object.values(human.models.models) as ({ artifacts?: { weightData?: unknown } } | null)[]) {
    if (model?.artifacts) delete model.artifacts.weightData;
  }
  return human;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * The picture as the float32 `[height, width, 3]` tensor the models compute in, widened from its bytes
 * straight into tfjs' WASM heap: no full-size float32 copy in JavaScript (12 MiB at 1024 px).
 */
function inputTensor(human: Human, picture: DecodedPicture): InputTensor {
  const engine = tfOf(human).engine();
  const info = engine.backend.makeOutput([picture.height, picture.width, 3], 'float32');
  // The heap view is taken after the allocation, which may have grown (and so replaced) the heap.
  engine.backend.typedArrayFromHeap(info).set(picture.pixels);
  return engine.makeTensorFromTensorInfo(info);
}

/** The faces of a decoded picture, boxes in the picture's own pixels. */
export async function estimateAges(human: Human, picture: DecodedPicture): Promise<FaceAge[]> {
  // [height, width, 3] float32: Human adds the batch dimension by a reshape, which shares the pixels.
  // Given [1, h, w, 3] it clones them, and given int32 it casts them: two full-size copies more in the
  // WASM heap, which never shrinks (same faces and ages, measured: docs/performance.md).
  const input = inputTensor(human, picture);
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

/** Live tensors and bytes of a Human's tfjs engine: for leak checks. */
export function tensorMemory(human: Human): { numTensors: number; numBytes: number } {
  const { numTensors, numBytes } = tfOf(human).memory();
  return { numTensors, numBytes };
}
