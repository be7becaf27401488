// The Debian packages `npm test` needs besides Node (scripts/velvet.mjs installs them when root).
// Node builtins only: this runs before anything is installed.
import fs from 'node:fs';
import path from 'node:path';

/** Where Debian's chromium package puts the browser the browser tests drive (CHROMIUM_PATH overrides). */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** Whether an executable of that name is in one of PATH's folders. */
export function onPath(command, pathEnv = process.env.PATH) {
  return (pathEnv ?? '').split(path.delimiter).some((dir) => dir && fs.existsSync(path.join(dir, command)));
}

/** The Debian packages (apt names) missing for the test suite. */
export function missingTestPackages({ chromiumPath = DEFAULT_CHROMIUM, pathEnv = process.env.PATH } = {}) {
  const missing = [];
  if (!onPath('redis-server', pathEnv)) missing.push('redis-server');
  if (!fs.existsSync(chromiumPath)) missing.push('chromium');
  return missing;
}

/** What to tell someone who must install them: the packages and the exact command. */
export function installAdvice(missing, chromiumPath = DEFAULT_CHROMIUM) {
  const where = missing.includes('chromium')
    ? ` (chromium expected at ${chromiumPath}; CHROMIUM_PATH names another)`
    : '';
  return (
    `npm test needs ${missing.join(' and ')}, not installed${where}. ` +
    `Install with: sudo apt-get install -y ${missing.join(' ')}`
  );
}
