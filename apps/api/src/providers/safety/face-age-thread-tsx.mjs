// Bootstrap of a face-check thread when the API runs from its TypeScript sources (tsx, vitest): a
// thread does not inherit vitest's transform, and Node 20 cannot load .ts itself, so the entry is
// loaded through tsx. Compiled code (dist/) starts face-age-thread.js directly and never loads this.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.faceAgeThreadEntry, import.meta.url);
