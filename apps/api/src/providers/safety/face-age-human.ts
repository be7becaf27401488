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

/** The part of a tfjs graph model's JSON the rewrite reads (model.json, "graph-model" format). */
interface GraphModelJson {
  modelTopology: { node: { name: string; op: string; input?: string[]; attr?: Record<string, unknown> }[] };
}

/** The constants a rewritten clamp relied on: the upper must be 6 and the lower 0 once loaded. */
export interface Relu6Bounds {
  upper: string[];
  lower: string[];
}

/**
 * FaceRes computes ReLU6 as three kernels, Relu -> Minimum(6) -> Maximum(0), 27 times. On tfjs'
 * WASM backend Minimum and Maximum against a scalar take the slow broadcasting path: a fifth of the
 * face thread's time (docs/performance.md, "The face check's ReLU6"). Each chain becomes one Relu6
 * kernel (XNNPACK's clamp) on the Relu's input, under the Maximum's name so that its consumers are
 * unchanged; the Relu and Minimum are then unused, and tfjs runs only what the outputs need. For finite
 * values min(max(x, 0), 6) is the same number however it is computed: the faces, scores and ages are
 * the same, compared bit for bit (face-age-human.test.ts). The constants' values live in the weight
 * file: the names are returned so that they are checked once loaded.
 */
export function rewriteRelu6(model: GraphModelJson): Relu6Bounds {
  const nodes = new Map(model.modelTopology.node.map((node) => [node.name, node]));
  const bounds: Relu6Bounds = { upper: [], lower: [] };
  for (const node of model.modelTopology.node) {
    if (node.op !== 'Maximum' || node.input?.length !== 2) continue;
    const [minName, lowerName] = node.input as [string, string];
    const min = nodes.get(minName);
    if (min?.op !== 'Minimum' || min.input?.length !== 2) continue;
    const [reluName, upperName] = min.input as [string, string];
    const relu = nodes.get(reluName);
    if (relu?.op !== 'Relu' || relu.input?.length !== 1) continue;
    if (nodes.get(upperName)?.op !== 'Const' || nodes.get(lowerName)?.op !== 'Const') continue;
    node.op = 'Relu6';
    node.input = [...relu.input];
    node.attr = relu.attr ? { ...relu.attr } : {};
    bounds.upper.push(upperName);
    bounds.lower.push(lowerName);
  }
  return bounds;
}

/** FaceRes' model file, whose ReLU6 chains are rewritten as it is read. */
const FACERES_MODEL = 'faceres.json';

/**
 * Human and tfjs load models (and may load wasm) through fetch, and Node's fetch has no file:// support:
 * while loading, file:// URLs inside the package folders are read from disk (`transform` may give a
 * file's text another content); everything else goes to the real fetch. Restored as soon as the models
 * are in memory.
 */
async function withLocalFileFetch<T>(
  allowedDirs: string[],
  task: () => Promise<T>,
  transform?: (file: string, bytes: Buffer) => string | undefined,
): Promise<T> {
  const realFetch = globalThis.fetch;
  const localFetch: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith('file://')) return realFetch(input, init);
    const file = fileURLToPath(url);
    if (!allowedDirs.some((dir) => file.startsWith(dir + path.sep))) {
      return new Response('outside the model folders', { status: 403 });
    }
    const bytes = await readFile(file).catch(() => null);
    if (!bytes) return new Response('not found', { status: 404 });
    return new Response(transform?.(file, bytes) ?? bytes, { status: 200 });
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

/** tfjs' WASM backend, the part of it used here. */
interface WasmBackend {
  makeOutput(shape: number[], dtype: 'float32'): TensorInfo;
  typedArrayFromHeap(info: TensorInfo): Float32Array;
  /** One more tensor shares this data (tfjs frees it when the last is disposed). */
  incRef(dataId: object): void;
}

type KernelFunc = (args: { inputs: { x: TensorInfo }; backend: WasmBackend }) => TensorInfo;
interface KernelConfig {
  kernelName: string;
  backendName: string;
  kernelFunc: KernelFunc;
}

/** The part of Human's tfjs instance used here (Human types it as any). */
interface Tfjs {
  engine(): {
    /** The WASM backend (checked at load). */
    backend: WasmBackend;
    makeTensorFromTensorInfo(info: TensorInfo): InputTensor;
  };
  memory(): { numTensors: number; numBytes: number };
  getBackend(): string;
  getKernel(kernelName: string, backendName: string): KernelConfig | undefined;
  unregisterKernel(kernelName: string, backendName: string): void;
  registerKernel(config: KernelConfig): void;
}
const tfOf = (human: Human) => human.tf as Tfjs;

/**
 * tfjs' clone (the Identity kernel) on the WASM backend copies the tensor's data, unlike the CPU
 * backend, which shares it: BlazeFace clones its whole input (`inputImage.clone()`, 12 MiB at 1024 px)
 * only to resize it. Tensors are never written once made, so a clone can share its data, as a reshape
 * on this backend already does: the WASM heap, which never shrinks, then peaks ~17 MiB lower
 * (docs/performance.md, "The decoded pixels, given back; the face check's clone"). Same faces,
 * scores and ages, bit for bit (face-age-human.test.ts).
 */
const sharedClone: KernelFunc = ({ inputs: { x }, backend }) => {
  backend.incRef(x.dataId);
  return { dataId: x.dataId, shape: x.shape, dtype: x.dtype };
};

/** Makes the WASM backend's clone share its input's data (once per thread: kernels are per tfjs instance). */
function shareClones(tf: Tfjs): void {
  const identity = tf.getKernel('Identity', 'wasm');
  if (!identity) throw new Error('tfjs has no Identity kernel for the WASM backend');
  if (identity.kernelFunc === sharedClone) return;
  tf.unregisterKernel('Identity', 'wasm');
  tf.registerKernel({ ...identity, kernelFunc: sharedClone });
}

/** A loaded graph model's constants (tfjs' GraphModel.weights). */
type LoadedWeights = Record<string, { dataSync(): ArrayLike<number> }[] | undefined>;

/** Throws unless every named constant is the one number `value`. */
function expectConstants(weights: LoadedWeights, names: string[], value: number): void {
  for (const name of names) {
    const data = weights[name]?.[0]?.dataSync();
    if (data?.length !== 1 || data[0] !== value) {
      throw new Error(`FaceRes constant ${name} is ${data ? Array.from(data).join(',') : 'missing'}, not ${value}`);
    }
  }
}

/**
 * Human with its two models loaded, on the WASM backend; throws rather than run half-blind.
 * `options.asShipped` loads FaceRes as the package ships it and leaves tfjs' clone copying (to
 * compare against, in tests).
 */
export async function loadHuman(options: { asShipped?: boolean } = {}): Promise<Human> {
  const asShipped = options.asShipped === true;
  const dir = humanPackageDir();
  // The WASM build (human.node.js wants tfjs-node's native binary). Its `exports` keys lack "./",
  // so a bare specifier fails: load the file by its path.
  const { Human: HumanClass } = require(path.join(dir, 'dist', 'human.node-wasm.js')) as HumanModule;
  const human = new HumanClass(humanConfig());
  let bounds: Relu6Bounds | undefined;
  await withLocalFileFetch(
    [path.join(dir, 'models'), wasmDir()],
    () => human.load(),
    (file, bytes) => {
      if (asShipped || path.basename(file) !== FACERES_MODEL) return undefined;
      const model = JSON.parse(bytes.toString('utf8')) as GraphModelJson;
      bounds = rewriteRelu6(model);
      return JSON.stringify(model);
    },
  );
  // Human logs a model that fails to load and goes on without it: never check pictures half-blind.
  const loaded = human.models.loaded();
  const missing = ['blazeface', 'faceres'].filter((model) => !loaded.includes(model));
  if (missing.length > 0) throw new Error(`models not loaded: ${missing.join(', ')}`);
  const backend = tfOf(human).getBackend();
  if (backend !== 'wasm') throw new Error(`unexpected tfjs backend ${backend}`);
  // The model is loaded once per thread (Human keeps it in its module): a second load in the same
  // thread gets the first one's FaceRes, rewritten or not, without reading the file again.
  const faceres = (
    human.models.models as unknown as Record<
      string,
      { weights: LoadedWeights; artifacts?: { modelTopology?: GraphModelJson['modelTopology'] } } | null
    >
  ).faceres!;
  const relu6Kernels = faceres.artifacts?.modelTopology?.node.filter((node) => node.op === 'Relu6').length ?? 0;
  if (!asShipped !== relu6Kernels > 0) {
    throw new Error(
      `FaceRes has ${relu6Kernels} Relu6 kernels; asked for the model ${asShipped ? 'as shipped' : 'rewritten'}`,
    );
  }
  if (!asShipped) shareClones(tfOf(human));
  // A rewritten chain must have clamped to [0, 6], or the model would compute something else.
  if (bounds) {
    expectConstants(faceres.weights, bounds.upper, 6);
    expectConstants(faceres.weights, bounds.lower, 0);
  }
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
