import fs from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type ImageStorage } from './index.ts';

/** Files under one root folder; writes go to a temp file first so a reader never sees half a file. */
export function createLocalDiskStorage(root: string): ImageStorage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    const file = path.resolve(root, key);
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`Unsafe storage key: ${key}`);
    return file;
  };
  return {
    kind: 'local',
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    },
    async get(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}
