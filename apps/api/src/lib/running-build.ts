import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A process running compiled code (`npm start`, the Docker image) loads some of its modules long after
 * start (providers and SDK adapters on first use). Those modules are read from the build folder its
 * `dist` link named when it started (dist.build-<time>-<pid>, scripts/build-server.mjs). A later build
 * must not remove that folder while the process runs: this leaves `<build>/.running/<pid>` in each
 * build folder the process loaded from, and the build keeps a folder whose marker names a live process.
 * Running from source (tsx, src/) there is no build folder and nothing is written.
 */
/** scripts/build-server.mjs reads the same name; build-server.test.ts runs the two together. */
export const RUNNING_DIR = '.running';
const BUILD_FOLDER = /^dist\.build-[0-9a-z]+-\d+$/;

/** The build folder a module URL lies in (its real path), or null for a module run from source. */
export function buildFolderOf(moduleUrl: string): string | null {
  let file: string;
  try {
    file = fs.realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return null;
  }
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (BUILD_FOLDER.test(path.basename(dir))) return dir;
  }
  return null;
}

/**
 * Marks the build folders of these modules as in use by this process until it exits. Returns the
 * folders marked. Best effort: a read-only image (nothing rebuilds there) just skips the marker.
 */
export function holdRunningBuilds(moduleUrls: string[]): string[] {
  const folders = [...new Set(moduleUrls.map(buildFolderOf).filter((dir): dir is string => dir !== null))];
  const marker = (folder: string) => path.join(folder, RUNNING_DIR, String(process.pid));
  const held = folders.filter((folder) => {
    try {
      fs.mkdirSync(path.join(folder, RUNNING_DIR), { recursive: true });
      fs.writeFileSync(marker(folder), '');
      return true;
    } catch {
      return false; // not writable: no build runs in this tree
    }
  });
  if (held.length > 0) {
    process.once('exit', () => {
      for (const folder of held) fs.rmSync(marker(folder), { force: true });
    });
  }
  return held;
}
