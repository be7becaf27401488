// A small pool of face-check threads (node:worker_threads) for face-age-local.ts: each thread holds
// its own tfjs/Human instance and checks one picture at a time; a picture goes to a free thread (or
// starts a new one, up to `size`), else waits its turn in order of arrival. A thread that has checked
// nothing for `idleMs` is terminated, and its WASM heap and models go with it: tfjs' heap grows to the
// largest picture and never shrinks, so ending the thread is the only way to give that memory back.
import type { Worker } from 'node:worker_threads';
import type { FaceAge } from './index.ts';
import type { DecodedPicture } from './face-age-human.ts';
import type { ThreadReply, ThreadRequest } from './face-age-thread.ts';

export interface FaceThreadPoolOptions {
  /** Most threads alive at once (SAFETY_FACE_THREADS). */
  size: number;
  /** A thread idle this long is terminated; 0: never. */
  idleMs: number;
  /** Starts one face-check thread (face-age-thread.ts). */
  start: () => Worker;
}

export interface FaceThreadPoolStats {
  /** Most threads alive at once. */
  size: number;
  /** Threads alive (loaded or loading), busy or not. */
  threads: number;
  busy: number;
  /** Pictures waiting for a free thread. */
  queued: number;
  /** Threads started since the pool was made (replacements and restarts after idling included). */
  started: number;
}

interface Job {
  picture: DecodedPicture;
  signal: AbortSignal | undefined;
  settled: boolean;
  resolve(faces: FaceAge[]): void;
  reject(err: unknown): void;
}

interface Thread {
  worker: Worker;
  job: Job | null;
  /** The id of the check message `job` was sent as. */
  jobId: number;
  idleTimer: NodeJS.Timeout | null;
  /** Memory questions waiting for their answer, by message id. */
  questions: Map<
    number,
    { resolve(value: { numTensors: number; numBytes: number } | null): void; reject(err: unknown): void }
  >;
  /** Why the thread failed (its uncaught error), for the picture it had. */
  failure: string | null;
  exited: Promise<void>;
}

export interface FaceThreadPool {
  /** The faces of a decoded picture; its pixel buffer is transferred to the thread (no copy). */
  check(picture: DecodedPicture, signal?: AbortSignal): Promise<FaceAge[]>;
  /** Live tensors of each live thread's engine (null for a thread that has not loaded its models). */
  memory(): Promise<({ numTensors: number; numBytes: number } | null)[]>;
  stats(): FaceThreadPoolStats;
  /** Fails the waiting pictures and terminates every thread; the pool takes no more pictures. */
  close(): Promise<void>;
}

export function createFaceThreadPool(options: FaceThreadPoolOptions): FaceThreadPool {
  const threads: Thread[] = [];
  /** Free threads, the most recently used last: it is reused first, so the others can idle out. */
  const free: Thread[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let started = 0;
  let closed = false;

  function settle(job: Job, outcome: { faces: FaceAge[] } | { error: unknown }) {
    if (job.settled) return;
    job.settled = true;
    if ('faces' in outcome) job.resolve(outcome.faces);
    else job.reject(outcome.error);
  }

  function remove(thread: Thread) {
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    const at = threads.indexOf(thread);
    if (at >= 0) threads.splice(at, 1);
    const idle = free.indexOf(thread);
    if (idle >= 0) free.splice(idle, 1);
  }

  function spawn(): Thread {
    const worker = options.start();
    started += 1;
    let exited!: () => void;
    const thread: Thread = {
      worker,
      job: null,
      jobId: 0,
      idleTimer: null,
      questions: new Map(),
      failure: null,
      exited: new Promise((resolve) => (exited = resolve)),
    };
    worker.on('message', (reply: ThreadReply) => {
      const question = thread.questions.get(reply.id);
      if (question) {
        thread.questions.delete(reply.id);
        if ('memory' in reply) question.resolve(reply.memory);
        else question.reject(new Error('error' in reply ? reply.error : 'unexpected answer'));
        return;
      }
      if (!thread.job || reply.id !== thread.jobId) return;
      const job = thread.job;
      thread.job = null;
      // An aborted job was rejected already: its answer is dropped here.
      if ('faces' in reply) settle(job, { faces: reply.faces });
      else settle(job, { error: new Error('error' in reply ? reply.error : 'unexpected answer') });
      release(thread);
    });
    worker.on('error', (err) => {
      thread.failure = err instanceof Error ? err.message : String(err);
    });
    worker.on('messageerror', (err) => {
      thread.failure = `unreadable message: ${err.message}`;
      void worker.terminate();
    });
    worker.on('exit', (code) => {
      remove(thread);
      // The picture it had fails (never "no faces"); the next one gets a new thread.
      const why = `face check thread exited (code ${code})${thread.failure ? `: ${thread.failure}` : ''}`;
      if (thread.job) settle(thread.job, { error: new Error(why) });
      thread.job = null;
      for (const question of thread.questions.values()) question.reject(new Error(why));
      thread.questions.clear();
      exited();
      pump();
    });
    threads.push(thread);
    return thread;
  }

  /** A thread done with its picture: the next waiting one, or idle until its timer ends it. */
  function release(thread: Thread) {
    if (!threads.includes(thread)) return;
    free.push(thread);
    // An idle thread must not keep the process alive (tests, scripts, a worker shutting down).
    thread.worker.unref();
    if (options.idleMs > 0) {
      thread.idleTimer = setTimeout(() => {
        remove(thread);
        void thread.worker.terminate();
      }, options.idleMs);
      thread.idleTimer.unref();
    }
    pump();
  }

  function assign(thread: Thread, job: Job) {
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    thread.idleTimer = null;
    thread.job = job;
    thread.jobId = nextId++;
    thread.worker.ref();
    const request: ThreadRequest = { type: 'check', id: thread.jobId, picture: job.picture };
    try {
      thread.worker.postMessage(request, [job.picture.pixels.buffer as ArrayBuffer]);
    } catch (err) {
      thread.job = null;
      settle(job, { error: err });
      release(thread);
    }
  }

  function pump() {
    while (queue.length > 0 && !closed) {
      const thread = free.pop() ?? (threads.length < options.size ? spawn() : undefined);
      if (!thread) return;
      assign(thread, queue.shift()!);
    }
  }

  return {
    check(picture, signal) {
      return new Promise<FaceAge[]>((resolve, reject) => {
        if (closed) return reject(new Error('the face check is shut down'));
        if (signal?.aborted) return reject(signal.reason);
        const onAbort = () => {
          // Waiting: it never reaches a thread. Running: rejected now, its thread's answer dropped.
          const at = queue.indexOf(job);
          if (at >= 0) queue.splice(at, 1);
          settle(job, { error: signal!.reason });
        };
        const job: Job = {
          picture,
          signal,
          settled: false,
          resolve: (faces) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(faces);
          },
          reject: (err) => {
            signal?.removeEventListener('abort', onAbort);
            reject(err);
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(job);
        pump();
      });
    },
    memory() {
      return Promise.all(
        threads.map(
          (thread) =>
            new Promise<{ numTensors: number; numBytes: number } | null>((resolve, reject) => {
              const id = nextId++;
              // Held while the answer is awaited (an idle thread is unref'd).
              thread.worker.ref();
              const done = () => {
                thread.questions.delete(id);
                if (!thread.job) thread.worker.unref();
              };
              thread.questions.set(id, {
                resolve: (value) => (done(), resolve(value)),
                reject: (err) => (done(), reject(err)),
              });
              thread.worker.postMessage({ type: 'memory', id } satisfies ThreadRequest);
            }),
        ),
      );
    },
    stats: () => ({
      size: options.size,
      threads: threads.length,
      busy: threads.filter((t) => t.job).length,
      queued: queue.length,
      started,
    }),
    async close() {
      closed = true;
      for (const job of queue.splice(0)) settle(job, { error: new Error('the face check is shut down') });
      const ending = [...threads];
      for (const thread of ending) {
        remove(thread);
        void thread.worker.terminate();
      }
      await Promise.all(ending.map((thread) => thread.exited));
    },
  };
}
