// Entry of a face-check thread (node:worker_threads), started by face-age-local.ts: one Human
// instance per thread, loaded on the thread's first picture, one picture at a time (the calling side
// never sends a second before the first is answered). Pictures arrive decoded; only tfjs runs here.
import { parentPort, workerData } from 'node:worker_threads';
import type { Human } from '@vladmandic/human';
import type { FaceAge } from './index.ts';
import { type DecodedPicture, estimateAges, loadHuman, tensorMemory } from './face-age-human.ts';

export type ThreadRequest =
  | { type: 'check'; id: number; picture: DecodedPicture }
  /** Live tensors of this thread's engine (null before its first picture). */
  | { type: 'memory'; id: number };

export type ThreadReply =
  | { id: number; faces: FaceAge[] }
  | { id: number; memory: { numTensors: number; numBytes: number } | null }
  | { id: number; error: string };

let humanPromise: Promise<Human> | null = null;
let loaded: Human | null = null;

/** This thread's Human, loaded on first use; a failed load is retried on the next picture. */
function getHuman(): Promise<Human> {
  const asShipped = (workerData as { asShipped?: boolean } | null)?.asShipped === true;
  humanPromise ??= loadHuman({ asShipped }).then(
    (human) => (loaded = human),
    (err: unknown) => {
      humanPromise = null;
      throw err;
    },
  );
  return humanPromise;
}

async function answer(request: ThreadRequest): Promise<ThreadReply> {
  if (request.type === 'memory') return { id: request.id, memory: loaded ? tensorMemory(loaded) : null };
  try {
    return { id: request.id, faces: await estimateAges(await getHuman(), request.picture) };
  } catch (err) {
    return { id: request.id, error: err instanceof Error ? err.message : String(err) };
  }
}

if (!parentPort) throw new Error('face-age-thread.ts runs only as a worker thread');
const port = parentPort;
port.on('message', (request: ThreadRequest) => {
  void answer(request).then((reply) => port.postMessage(reply));
});
