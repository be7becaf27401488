import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RATIOS } from '@velvet/contracts/options';
import { drawDemoImage } from '../image-model/demo.ts';
import { humanPackageDir, loadHuman, rewriteRelu6 } from './face-age-human.ts';
import { createLocalFaceAgeEstimator, startFaceAgeThread } from './face-age-local.ts';

// FaceRes' ReLU6 chains are rewritten into one kernel as the model is read, and tfjs' clone shares its
// input's data (face-age-human.ts). The check must not see a single bit of difference: it decides
// whether a picture is held.
const assets = path.join(humanPackageDir(), 'assets');
const readModel = async () =>
  JSON.parse(await readFile(path.join(humanPackageDir(), 'models', 'faceres.json'), 'utf8')) as Parameters<
    typeof rewriteRelu6
  >[0];

describe('FaceRes with its ReLU6 chains as one kernel', { timeout: 120_000 }, () => {
  it('rewrites every Relu -> Minimum(6) -> Maximum(0) chain of the shipped model', async () => {
    const model = await readModel();
    const ops = (m: typeof model) => m.modelTopology.node.map((node) => node.op);
    const before = ops(model);
    const bounds = rewriteRelu6(model);
    const after = ops(model);
    const count = (list: string[], op: string) => list.filter((name) => name === op).length;
    expect(count(before, 'Maximum')).toBe(27);
    expect(bounds.upper).toHaveLength(27);
    expect(bounds.lower).toHaveLength(27);
    expect(count(after, 'Maximum')).toBe(0);
    expect(count(after, 'Relu6')).toBe(27);
    // Nothing but a dead Minimum reads a chain's Relu, and nothing reads its Minimum: each Relu6 reads
    // what its Relu read.
    const dead = model.modelTopology.node.filter((node) => node.op === 'Minimum' || node.op === 'Relu');
    expect(dead).toHaveLength(54);
    const deadNames = new Set(dead.map((node) => node.name));
    const read = new Set(
      model.modelTopology.node.filter((node) => !deadNames.has(node.name)).flatMap((node) => node.input ?? []),
    );
    for (const node of dead) expect(read.has(node.name)).toBe(false);
  });

  it('leaves a chain alone when it does not end on constants', () => {
    const model = {
      modelTopology: {
        node: [
          { name: 'x', op: 'Placeholder' },
          { name: 'six', op: 'Placeholder' },
          { name: 'zero', op: 'Const' },
          { name: 'relu', op: 'Relu', input: ['x'] },
          { name: 'min', op: 'Minimum', input: ['relu', 'six'] },
          { name: 'max', op: 'Maximum', input: ['min', 'zero'] },
        ],
      },
    };
    expect(rewriteRelu6(model)).toEqual({ upper: [], lower: [] });
    expect(model.modelTopology.node.map((node) => node.op)).toContain('Maximum');
  });

  it('finds the same faces, boxes, scores and ages, bit for bit, as the model and tfjs as shipped', async () => {
    // A thread loads FaceRes and registers tfjs' kernels once: one thread for each.
    const shipped = createLocalFaceAgeEstimator({ startThread: () => startFaceAgeThread({ asShipped: true }) });
    const rewritten = createLocalFaceAgeEstimator();
    try {
      const pictures = [
        await sharp(path.join(assets, 'samples.jpg')).toBuffer(),
        await sharp(path.join(assets, 'screenshot-facedetect.jpg')).toBuffer(),
        await sharp(path.join(assets, 'screenshot-faceid.jpg')).webp({ quality: 82 }).toBuffer(),
        // Demo drawings: the detector sees a faint "face" in most of them (face-age-local.test.ts).
        ...(await Promise.all(
          [0, 1, 2, 3, 4, 5].map((i) =>
            drawDemoImage(`single picture ${i}`, RATIOS.Portrait.width, RATIOS.Portrait.height),
          ),
        )),
      ];
      const bits = (n: number) => Buffer.from(new Float64Array([n]).buffer).toString('hex');
      let faces = 0;
      for (const picture of pictures) {
        const expected = await shipped.estimate(picture);
        const actual = await rewritten.estimate(picture);
        expect(actual).toEqual(expected);
        // toEqual lets -0 and 0 pass: compare the ages' and scores' bits too.
        expect(actual.map((face) => [bits(face.age), bits(face.score)])).toEqual(
          expected.map((face) => [bits(face.age), bits(face.score)]),
        );
        faces += expected.length;
      }
      // The comparison means something only if FaceRes ran: on every face of the group photo and more.
      expect(faces).toBeGreaterThanOrEqual(20);
    } finally {
      await Promise.all([shipped.close(), rewritten.close()]);
    }
  });

  it('a thread refuses to use a FaceRes other than the one it asked for', async () => {
    // Loaded once per thread: here, in the test's own thread, first rewritten, then asked as shipped.
    await loadHuman();
    await expect(loadHuman({ asShipped: true })).rejects.toThrow(
      /FaceRes has 27 Relu6 kernels; asked for the model as shipped/,
    );
  });

  it("a clone shares its tensor's data, kept until the last tensor using it is disposed", async () => {
    const human = await loadHuman();
    const tf = human.tf as {
      tensor3d(values: number[], shape: [number, number, number], dtype: 'float32'): TfTensor;
      clone(x: TfTensor): TfTensor;
      memory(): { numTensors: number; numDataBuffers: number; numBytes: number };
    };
    // numDataBuffers counts the data held (numBytes counts every tensor's size, shared or not).
    const before = tf.memory();
    const picture = tf.tensor3d([1, 2, 3, 4, 5, 6], [1, 2, 3], 'float32');
    const clone = tf.clone(picture);
    expect(tf.memory().numTensors - before.numTensors).toBe(2);
    expect(tf.memory().numDataBuffers - before.numDataBuffers).toBe(1);
    picture.dispose();
    expect(Array.from(clone.dataSync())).toEqual([1, 2, 3, 4, 5, 6]);
    expect(tf.memory().numDataBuffers - before.numDataBuffers).toBe(1);
    clone.dispose();
    expect(tf.memory()).toEqual(before);
  });
});

interface TfTensor {
  dataSync(): Float32Array;
  dispose(): void;
}
